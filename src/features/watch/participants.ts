import type { SessionParticipant } from '@/contracts/entities';
import type { RoomModel } from '@/contracts/stream';
import { participantsAt } from '@/engine';

/**
 * The participant list: the server's list (GET …/users, 2-hour look-back, re-read now and then)
 * updated live by the room: joins folded into the room model are added, and users who were in the
 * model and then left it (`left`) are removed even if the last fetched list still has them.
 * Oldest join first.
 */
export const mergeParticipants = (
  fetched: readonly SessionParticipant[],
  model: RoomModel | null,
  serverNow: number,
  left: ReadonlySet<string>,
): SessionParticipant[] => {
  const byId = new Map<string, SessionParticipant>();
  for (const p of fetched) if (!left.has(p.id)) byId.set(p.id, p);
  if (model) {
    for (const p of participantsAt(model, serverNow)) {
      const known = byId.get(p.id);
      if (!known || p.joinedAt >= known.joinedAt) byId.set(p.id, p);
    }
  }
  return [...byId.values()].sort((a, b) => a.joinedAt - b.joinedAt || a.id.localeCompare(b.id));
};

/** Ids present in the previous room participants but not in the next: they left. */
export const leftBetween = (
  previous: RoomModel['participants'] | null,
  next: RoomModel['participants'],
): string[] => (previous ? Object.keys(previous).filter((id) => !(id in next)) : []);
