import { isHiddenDisplayName, type SessionParticipant } from '@/contracts/entities';
import type { RoomModel } from '@/contracts/stream';
import { participantsAt } from '@/engine';

/**
 * The participant list. In a room whose log is loaded, the room's fold is the list: its joins
 * (within 12 hours) less its leaves, the same activity the server's list (GET …/users) folds, but
 * current. The fetched list only names people: a live join carries the broadcast's name (a
 * forbidden name withheld), the fetched list names it to the person and staff. A fetched entry
 * the room does not hold has left: one the list read earlier (a cached read from the last visit)
 * stayed on the host's list as "確認中" for good (issue 24). Before the room is loaded (and
 * watching alone) the fetched list is shown, less those seen to leave (`left`). Oldest join first.
 */
export const mergeParticipants = (
  fetched: readonly SessionParticipant[],
  model: RoomModel | null,
  serverNow: number,
  left: ReadonlySet<string>,
): SessionParticipant[] => {
  const byId = new Map<string, SessionParticipant>();
  if (model) {
    const named = new Map(fetched.map((p) => [p.id, p]));
    for (const p of participantsAt(model, serverNow)) {
      const known = named.get(p.id);
      const keepName = known && isHiddenDisplayName(p.displayName);
      byId.set(p.id, keepName ? { ...p, displayName: known.displayName } : p);
    }
  } else {
    for (const p of fetched) if (!left.has(p.id)) byId.set(p.id, p);
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
 * leave the live part to filter here (docs/decisions/0131-watch-panels.md).
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
