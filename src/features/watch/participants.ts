import { isHiddenDisplayName, type SessionParticipant } from '@/contracts/entities';
import type { RoomModel } from '@/contracts/stream';
import { participantsAt } from '@/engine';

/**
 * The participant list: the server's list (GET …/users, 2-hour look-back, re-read now and then)
 * updated live by the room: joins folded into the room model are added, and users who were in the
 * model and then left it (`left`) are removed even if the last fetched list still has them.
 * Oldest join first. A live join carries the broadcast's name (a forbidden name withheld); the
 * fetched list names it to the person and staff, so a name it had is kept.
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
      if (!known || p.joinedAt >= known.joinedAt) {
        const keepName = known && isHiddenDisplayName(p.displayName);
        byId.set(p.id, keepName ? { ...p, displayName: known.displayName } : p);
      }
    }
  }
  return [...byId.values()].sort((a, b) => a.joinedAt - b.joinedAt || a.id.localeCompare(b.id));
};

/** Ids present in the previous room participants but not in the next: they left. */
export const leftBetween = (
  previous: RoomModel['participants'] | null,
  next: RoomModel['participants'],
): string[] => (previous ? Object.keys(previous).filter((id) => !(id in next)) : []);

/**
 * The participant list's role filter (spec: "participant lists can be filtered by role (member and
 * supporter …)"): everyone, pupils (role member) or supporters.
 */
export const PARTICIPANT_ROLE_FILTERS = ['all', 'member', 'supporter'] as const;
export type ParticipantRoleFilter = (typeof PARTICIPANT_ROLE_FILTERS)[number];

export const isParticipantRoleFilter = (value: string): value is ParticipantRoleFilter =>
  (PARTICIPANT_ROLE_FILTERS as readonly string[]).includes(value);

/**
 * The participants the filter keeps, in the list's order. On the client: the list is the merge of
 * the server's list and the room's live joins and leaves, so a server-side filter would still
 * leave the live part to filter here (docs/decisions.md, "Issue 14's last small items").
 */
export const filterParticipants = (
  participants: readonly SessionParticipant[],
  filter: ParticipantRoleFilter,
): readonly SessionParticipant[] =>
  filter === 'all' ? participants : participants.filter((p) => p.role === filter);

/** How many participants each filter keeps, for the filter's labels. */
export const countByRoleFilter = (
  participants: readonly SessionParticipant[],
): Record<ParticipantRoleFilter, number> => {
  const counts = { all: participants.length, member: 0, supporter: 0 };
  for (const p of participants) {
    if (p.role === 'member' || p.role === 'supporter') counts[p.role] += 1;
  }
  return counts;
};
