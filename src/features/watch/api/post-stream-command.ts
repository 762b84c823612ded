import { StreamCommandResponse, toStreamCommandBody, type StreamCommand } from '@/contracts/stream';
import type { CommandResult } from '@/engine';
import { apiClient, toApiError } from '@/lib/api-client';

/**
 * POST /v1/stream/{id}/{kind}: a host command, answered with the stored event. The body keeps the
 * spec's field names (`action`, `updatedAt`); `toStreamCommandBody` is the one translation.
 */
export async function postStreamCommand(
  streamId: string,
  command: StreamCommand,
): Promise<CommandResult> {
  try {
    const { item } = await apiClient.request(StreamCommandResponse, {
      method: 'POST',
      url: `/v1/stream/${encodeURIComponent(streamId)}/${command.type}`,
      data: toStreamCommandBody(command),
    });
    return { ok: true, event: item };
  } catch (error) {
    const e = toApiError(error);
    const code =
      e.code === 'forbidden' ||
      e.code === 'notFound' ||
      e.code === 'badRequest' ||
      e.code === 'conflict'
        ? e.code
        : 'network';
    return { ok: false, code, message: e.message };
  }
}
