import { describe, expect, it } from 'vitest';
import { HIDDEN_DISPLAY_NAME, type SessionParticipant } from '@/contracts/entities';
import type { RoomModel } from '@/contracts/stream';
import { initialRoomModel } from '@/engine';
import {
  countByRoleFilter,
  filterParticipants,
  isParticipantRoleFilter,
  leftBetween,
  mergeParticipants,
} from './participants';

const NOW = 1_700_000_000_000;
const person = (id: string, joinedAt: number): SessionParticipant => ({
  id,
  displayName: id,
  image: null,
  role: 'member',
  school: null,
  joinedAt,
});
const room = (...people: SessionParticipant[]): RoomModel => ({
  ...initialRoomModel('s'),
  participants: Object.fromEntries(people.map((p) => [p.id, p])),
});

describe('mergeParticipants', () => {
  it('in a loaded room lists the room’s participants, oldest join first', () => {
    const list = mergeParticipants(
      [person('a', NOW - 100)],
      room(person('a', NOW - 100), person('c', NOW - 200)),
      NOW,
      new Set(),
    );
    expect(list.map((p) => p.id)).toEqual(['c', 'a']);
  });

  it('drops a fetched participant the room no longer holds: they left (issue 24)', () => {
    // Read before they left (a cached list from the last visit): the room never showed them
    // leaving, so `left` does not name them.
    const list = mergeParticipants(
      [person('a', NOW - 10), person('b', NOW - 5)],
      room(person('a', NOW - 10)),
      NOW,
      new Set(),
    );
    expect(list.map((p) => p.id)).toEqual(['a']);
  });

  it('before the room is loaded shows the fetched list, less those seen to leave', () => {
    const list = mergeParticipants(
      [person('a', NOW - 10), person('b', NOW - 5)],
      null,
      NOW,
      new Set(['b']),
    );
    expect(list.map((p) => p.id)).toEqual(['a']);
  });

  it('keeps the name the fetched list gave when a live join withholds it (forbidden name)', () => {
    const named = { ...person('a', NOW - 100), displayName: 'Taro' };
    const live = { ...person('a', NOW - 10), displayName: HIDDEN_DISPLAY_NAME };
    const list = mergeParticipants([named], room(live), NOW, new Set());
    expect(list).toEqual([{ ...live, displayName: 'Taro' }]);
    // Nobody named them before: the withheld name stays withheld.
    expect(mergeParticipants([], room(live), NOW, new Set())[0]?.displayName).toBe(
      HIDDEN_DISPLAY_NAME,
    );
  });

  it('ignores joins older than 12 hours in the room model', () => {
    const list = mergeParticipants([], room(person('old', NOW - 13 * 3600_000)), NOW, new Set());
    expect(list).toEqual([]);
  });
});

describe('leftBetween', () => {
  it('names the ids that disappeared from the room', () => {
    const before = room(person('a', 1), person('b', 2)).participants;
    expect(leftBetween(before, room(person('a', 1)).participants)).toEqual(['b']);
    expect(leftBetween(null, before)).toEqual([]);
  });
});

describe('role filter', () => {
  const withRole = (id: string, role: SessionParticipant['role']): SessionParticipant => ({
    ...person(id, NOW),
    role,
  });
  const list = [
    withRole('teacher', 'teacher'),
    withRole('a', 'member'),
    withRole('s', 'supporter'),
    withRole('b', 'member'),
  ];

  it('keeps everyone, only members or only supporters, in the list’s order', () => {
    expect(filterParticipants(list, 'all')).toBe(list);
    expect(filterParticipants(list, 'member').map((p) => p.id)).toEqual(['a', 'b']);
    expect(filterParticipants(list, 'supporter').map((p) => p.id)).toEqual(['s']);
  });

  it('counts what each choice keeps (staff count only under all)', () => {
    expect(countByRoleFilter(list)).toEqual({ all: 4, member: 2, supporter: 1 });
    expect(countByRoleFilter([])).toEqual({ all: 0, member: 0, supporter: 0 });
  });

  it('accepts only its three choices from the control', () => {
    expect(isParticipantRoleFilter('supporter')).toBe(true);
    expect(isParticipantRoleFilter('teacher')).toBe(false);
  });
});
