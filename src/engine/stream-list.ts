import type { ServerMessage } from '../contracts/realtime';
import type { Stream } from '../contracts/entities';
import { STREAM_LOOKBACK_MS } from '../contracts/constants';

/**
 * The live rooms list: a posted stream is added, a put stream replaces, a deleted one is removed.
 */

/** Folds one server message into the rooms list (other message types leave it unchanged). */
export const reduceStreamList = (
  list: readonly Stream[],
  message: ServerMessage,
): readonly Stream[] => {
  if (message.type === 'streamRemove') {
    return list.some((s) => s.id === message.id) ? list.filter((s) => s.id !== message.id) : list;
  }
  if (message.type !== 'streamUpsert') return list;
  const { stream } = message;
  if (stream.isDeleted) return list.filter((s) => s.id !== stream.id);
  const i = list.findIndex((s) => s.id === stream.id);
  if (i < 0) return [...list, stream];
  const next = [...list];
  next[i] = stream;
  return next;
};

/** The rooms to show at `now`: not deleted, started within the last 12 hours (or later), by start. */
export const visibleStreams = (list: readonly Stream[], now: number): Stream[] =>
  list
    .filter((s) => !s.isDeleted && s.settings.startTime >= now - STREAM_LOOKBACK_MS)
    .sort((a, b) => a.settings.startTime - b.settings.startTime || a.id.localeCompare(b.id));
