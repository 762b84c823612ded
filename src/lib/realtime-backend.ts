import {
  RealtimeConfigResponse,
  RealtimeTokenResponse,
  type RealtimeConfig,
  type RealtimeToken,
} from '@/contracts/api/realtime';
import { apiClient } from './api-client';

/**
 * Where this server's clients receive room events (REALTIME_BACKEND), asked once per page load
 * (GET /v1/realtime, public), so one build serves the WebSocket hub and Firestore alike. A failed
 * answer is asked again next time.
 */
let config: Promise<RealtimeConfig> | null = null;
let known: RealtimeConfig | null = null;

export function realtimeConfig(): Promise<RealtimeConfig> {
  config ??= apiClient
    .request(RealtimeConfigResponse, { method: 'GET', url: '/v1/realtime' })
    .then(({ item }) => (known = item))
    .catch((error: unknown) => {
      config = null;
      throw error;
    });
  return config;
}

/** The answer, once it has arrived (null before). */
export const knownRealtimeConfig = (): RealtimeConfig | null => known;

/** The signed-in user's Firebase identity (POST /v1/realtime/token). */
export async function realtimeIdentity(): Promise<RealtimeToken> {
  const { item } = await apiClient.request(RealtimeTokenResponse, {
    method: 'POST',
    url: '/v1/realtime/token',
  });
  return item;
}
