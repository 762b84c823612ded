import { PushSubscriptionJson } from '@/contracts/api/push';
import { STORAGE_KEYS } from '@/contracts/constants';
import { deletePushToken, getPushKey, postPushToken } from './api/push';
import { keyBytes, pushState, readOwner, type PushError, type PushState } from './push-rules';

/** A failure of turning notifications on or off, with the message the pane shows. */
export class PushFailure extends Error {
  constructor(
    readonly reason: PushError,
    cause?: unknown,
  ) {
    super(reason, { cause });
    this.name = 'PushFailure';
  }
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function supported(): boolean {
  return (
    !import.meta.env.DEV &&
    'serviceWorker' in navigator &&
    'PushManager' in globalThis &&
    'Notification' in globalThis
  );
}

/** The service worker's registration (registered by the page after load; see src/app). */
async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** What this browser says about push for this user now. */
export async function readPushState(userId: string): Promise<Exclude<PushState, 'loading'>> {
  if (!supported()) return 'unsupported';
  const permission = Notification.permission;
  const subscription =
    permission === 'granted' ? await (await registration()).pushManager.getSubscription() : null;
  return pushState(
    {
      supported: true,
      permission,
      endpoint: subscription?.endpoint ?? null,
      owner: readOwner(storage()?.getItem(STORAGE_KEYS.pushOwner) ?? null),
    },
    userId,
  );
}

/**
 * Turns notifications on: asks the browser's permission (only ever from a click), subscribes with
 * the server's VAPID key and registers the subscription for this user. When the server does not
 * take it, the browser's subscription is dropped again, so nothing is left half on.
 */
export async function turnPushOn(userId: string): Promise<'on' | 'blocked'> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') throw new PushFailure('dismissed');
  let key: string;
  try {
    key = await getPushKey();
  } catch (error) {
    throw new PushFailure('saveFailed', error);
  }
  const manager = (await registration()).pushManager;
  let subscription: PushSubscription;
  try {
    subscription =
      (await manager.getSubscription()) ??
      (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  } catch (error) {
    throw new PushFailure('subscribeFailed', error);
  }
  const json = PushSubscriptionJson.safeParse(subscription.toJSON());
  if (!json.success) {
    await subscription.unsubscribe().catch(() => false);
    throw new PushFailure('subscribeFailed', json.error);
  }
  try {
    await postPushToken(userId, json.data);
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw new PushFailure('saveFailed', error);
  }
  storage()?.setItem(
    STORAGE_KEYS.pushOwner,
    JSON.stringify({ endpoint: subscription.endpoint, userId }),
  );
  return 'on';
}

/**
 * Turns notifications off: the server forgets the subscription first (if that fails nothing
 * changes and they stay on), then the browser drops it.
 */
export async function turnPushOff(): Promise<'off'> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    try {
      await deletePushToken(subscription.endpoint);
    } catch (error) {
      throw new PushFailure('removeFailed', error);
    }
    await subscription.unsubscribe().catch(() => false);
  }
  storage()?.removeItem(STORAGE_KEYS.pushOwner);
  return 'off';
}
