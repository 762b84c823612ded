import type { Stream } from '@/contracts/entities';
import { buildWatchUrl } from './room-rules';

/** The absolute join link of a room, as copied into an invitation. */
export const invitationUrl = (stream: Stream, origin: string): string =>
  new URL(buildWatchUrl(stream), origin).toString();

export type CopyResult = 'copied' | 'notSupported';

/**
 * Copies text with the async Clipboard API. Without it (insecure origin, old browser) or when
 * the browser refuses, the answer is 'notSupported' (the spec's one clipboard message).
 */
export async function copyText(
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined,
): Promise<CopyResult> {
  if (!clipboard || typeof clipboard.writeText !== 'function') return 'notSupported';
  try {
    await clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'notSupported';
  }
}
