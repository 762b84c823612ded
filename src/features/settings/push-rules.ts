/**
 * Web Push on this browser (issue 14): what the notifications pane shows, from what the browser
 * says. Pure, so the rules are tested without a browser.
 */

/** What the pane shows: checking, on, off, refused in the browser's settings, or impossible here. */
export type PushState = 'loading' | 'on' | 'off' | 'blocked' | 'unsupported';

/** Why turning notifications on or off failed, each with its own message. */
export type PushError =
  /** The permission prompt was closed without an answer. */
  | 'dismissed'
  /** The browser's push service refused or could not be reached. */
  | 'subscribeFailed'
  /** The server did not take the subscription (or was unreachable). */
  | 'saveFailed'
  /** The server could not forget the subscription: notifications stay on. */
  | 'removeFailed';

export interface BrowserPushFacts {
  /** Service worker, PushManager and Notification all exist (and this is not a dev build). */
  supported: boolean;
  permission: NotificationPermission;
  /** The endpoint of the browser's current subscription, or null. */
  endpoint: string | null;
  /** Who this browser's subscription was last registered for (stored with its endpoint). */
  owner: { endpoint: string; userId: string } | null;
}

/**
 * On only when the browser allows notifications, holds a subscription, and that subscription
 * was registered for this user: another pupil who signed in on the same computer sees it off
 * (turning it on moves the subscription to them on the server).
 */
export function pushState(facts: BrowserPushFacts, userId: string): Exclude<PushState, 'loading'> {
  if (!facts.supported) return 'unsupported';
  if (facts.permission === 'denied') return 'blocked';
  if (
    facts.permission === 'granted' &&
    facts.endpoint !== null &&
    facts.owner?.endpoint === facts.endpoint &&
    facts.owner.userId === userId
  ) {
    return 'on';
  }
  return 'off';
}

/** A base64url VAPID key as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The stored owner record, or null when absent or unreadable. */
export function readOwner(raw: string | null): BrowserPushFacts['owner'] {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as Record<string, unknown>).endpoint === 'string' &&
      typeof (value as Record<string, unknown>).userId === 'string'
    ) {
      const { endpoint, userId } = value as { endpoint: string; userId: string };
      return { endpoint, userId };
    }
  } catch {
    // unreadable: as if absent
  }
  return null;
}
