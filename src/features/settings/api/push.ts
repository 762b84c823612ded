import {
  PushKeyResponse,
  PushTokenResponse,
  type PushSubscriptionJson,
} from '@/contracts/api/push';
import { apiClient } from '@/lib/api-client';

/** GET /v1/push/key: the server's VAPID public key (base64url). */
export async function getPushKey(): Promise<string> {
  return (await apiClient.request(PushKeyResponse, { url: '/v1/push/key' })).publicKey;
}

/** POST /v1/push/token: this browser's subscription for the signed-in user (older POST /token). */
export async function postPushToken(userId: string, subscription: PushSubscriptionJson) {
  await apiClient.request(PushTokenResponse, {
    method: 'post',
    url: '/v1/push/token',
    data: { pushToken: JSON.stringify(subscription), userId },
  });
}

/** DELETE /v1/push/token: the server forgets this browser's subscription. */
export async function deletePushToken(endpoint: string) {
  await apiClient.request(PushTokenResponse, {
    method: 'delete',
    url: '/v1/push/token',
    data: { endpoint },
  });
}
