import { describe, expect, it } from 'vitest';
import { HIDDEN_DISPLAY_NAME, type Stream } from '@/contracts/entities';
import {
  applyOwnChange,
  buildWatchUrl,
  composeStartTime,
  defaultStart,
  hostOf,
  isRoomFormValid,
  isSubmitDisabled,
  mayCreateRoom,
  roomsTitleKey,
  roomsToShow,
  startPartsOf,
  streamsQuery,
  toStreamBody,
  validateRoomForm,
  type RoomFormValues,
} from './room-rules';

const at = (y: number, mo: number, d: number, h: number, mi: number, s = 0) =>
  new Date(y, mo - 1, d, h, mi, s);
const HOUR = 60 * 60 * 1000;

describe('defaultStart', () => {
  it('rounds minutes up to a multiple of 10', () => {
    expect(defaultStart(at(2026, 11, 22, 10, 41))).toEqual({
      date: '2026-11-22',
      hour: 10,
      minute: 50,
    });
    expect(defaultStart(at(2026, 11, 22, 10, 1))).toMatchObject({ hour: 10, minute: 10 });
  });

  it('keeps a time already on a multiple of 10, ignoring seconds', () => {
    expect(defaultStart(at(2026, 11, 22, 10, 50, 30))).toMatchObject({ hour: 10, minute: 50 });
    expect(defaultStart(at(2026, 11, 22, 10, 0))).toMatchObject({ hour: 10, minute: 0 });
  });

  it('goes to the next full hour past minute 50', () => {
    expect(defaultStart(at(2026, 11, 22, 10, 51))).toEqual({
      date: '2026-11-22',
      hour: 11,
      minute: 0,
    });
  });

  it('rolls over to the next day at 23:55', () => {
    expect(defaultStart(at(2026, 11, 22, 23, 55))).toEqual({
      date: '2026-11-23',
      hour: 0,
      minute: 0,
    });
    expect(defaultStart(at(2026, 12, 31, 23, 59))).toEqual({
      date: '2027-01-01',
      hour: 0,
      minute: 0,
    });
  });
});

describe('start time parts', () => {
  it('composes a local date, hour and minute into epoch ms and back', () => {
    const ms = composeStartTime({ date: '2026-11-22', hour: 9, minute: 35 });
    expect(ms).toBe(at(2026, 11, 22, 9, 35).getTime());
    expect(startPartsOf(ms)).toEqual({ date: '2026-11-22', hour: 9, minute: 35 });
  });
});

const valid: RoomFormValues = {
  sessionId: 'session-1',
  name: '2年A組の部屋',
  date: '2026-11-22',
  hour: 10,
  minute: 50,
  lang: 'ja',
  groupIds: ['group-a'],
  participantVideoVisiblity: true,
  videoQuality: 'high',
};

describe('validateRoomForm', () => {
  it('accepts a complete form', () => {
    expect(validateRoomForm(valid)).toEqual({});
    expect(isRoomFormValid(valid)).toBe(true);
  });

  it('requires a name and allows at most 15 characters', () => {
    expect(validateRoomForm({ ...valid, name: '   ' }).name).toBe('required');
    expect(validateRoomForm({ ...valid, name: 'あ'.repeat(15) }).name).toBeUndefined();
    expect(validateRoomForm({ ...valid, name: 'あ'.repeat(16) }).name).toBe('tooLong');
  });

  it('refuses an hour or minute that is not an integer', () => {
    expect(validateRoomForm({ ...valid, hour: 10.5 }).hour).toBe('notInteger');
    expect(validateRoomForm({ ...valid, hour: '' }).hour).toBe('notInteger');
    expect(validateRoomForm({ ...valid, minute: 2.5 }).minute).toBe('notInteger');
    expect(validateRoomForm({ ...valid, minute: '1.' }).minute).toBe('notInteger');
    expect(isRoomFormValid({ ...valid, minute: 7.5 })).toBe(false);
  });

  it('disables submit exactly when the hour or minute is not an integer', () => {
    expect(isSubmitDisabled(valid)).toBe(false);
    expect(isSubmitDisabled({ ...valid, hour: 9.5 })).toBe(true);
    expect(isSubmitDisabled({ ...valid, minute: '' })).toBe(true);
    // Other gaps are explained on submit rather than by a dead button.
    expect(isSubmitDisabled({ ...valid, name: '', groupIds: [], hour: 30 })).toBe(false);
  });

  it('disables submit while the name is over 15 characters (issue 9, item 10)', () => {
    expect(isSubmitDisabled({ ...valid, name: 'あ'.repeat(16) })).toBe(true);
    expect(isSubmitDisabled({ ...valid, name: 'あ'.repeat(15) })).toBe(false);
  });

  it('takes minutes in steps of 5, as the spec says twice (issue 9, item 10)', () => {
    expect(validateRoomForm({ ...valid, minute: 7 }).minute).toBe('minuteStep');
    expect(validateRoomForm({ ...valid, minute: 59 }).minute).toBe('minuteStep');
    expect(isRoomFormValid({ ...valid, minute: 7 })).toBe(false);
    for (const minute of [0, 5, 30, 55]) expect(validateRoomForm({ ...valid, minute })).toEqual({});
  });

  it('keeps the hour within 0–23 and the minute within 0–59', () => {
    expect(validateRoomForm({ ...valid, hour: 0, minute: 0 })).toEqual({});
    expect(validateRoomForm({ ...valid, hour: 23, minute: 55 })).toEqual({});
    expect(validateRoomForm({ ...valid, hour: 24 }).hour).toBe('hourRange');
    expect(validateRoomForm({ ...valid, hour: -1 }).hour).toBe('hourRange');
    expect(validateRoomForm({ ...valid, minute: 60 }).minute).toBe('minuteRange');
  });

  it('requires a session, a date and at least one group', () => {
    expect(validateRoomForm({ ...valid, sessionId: null }).sessionId).toBe('sessionRequired');
    expect(validateRoomForm({ ...valid, date: null }).date).toBe('dateRequired');
    expect(validateRoomForm({ ...valid, date: '2026-13-40' }).date).toBe('dateRequired');
    expect(validateRoomForm({ ...valid, groupIds: [] }).groupIds).toBe('groupsRequired');
  });
});

describe('toStreamBody', () => {
  it('builds the create body with a trimmed name and the composed start time', () => {
    expect(toStreamBody({ ...valid, name: ' 朝の部屋 ', videoQuality: 'low' })).toEqual({
      sessionId: 'session-1',
      name: '朝の部屋',
      lang: 'ja',
      groupIds: ['group-a'],
      settings: {
        startTime: at(2026, 11, 22, 10, 50).getTime(),
        participantVideoVisiblity: true,
        videoQuality: 'low',
      },
    });
  });

  it('gives nothing for an invalid form', () => {
    expect(toStreamBody({ ...valid, hour: 9.5 })).toBeNull();
  });
});

const NOW = at(2026, 11, 22, 12, 0).getTime();
const stream = (id: string, patch: Partial<Stream> = {}): Stream => ({
  id,
  sessionId: 'session-1',
  name: `room ${id}`,
  lang: 'ja',
  hostUserId: 'teacher',
  groupIds: ['group-a'],
  isDeleted: false,
  createdAt: NOW,
  updatedAt: NOW,
  settings: { startTime: NOW, participantVideoVisiblity: true, videoQuality: 'high' },
  ...patch,
});

describe('buildWatchUrl', () => {
  it('passes stream and lang', () => {
    expect(buildWatchUrl(stream('s1', { lang: 'en' }))).toBe(
      '/session/session-1/watch/?stream=s1&lang=en',
    );
  });

  it('adds low=true for low quality and novideo=true when participant video is hidden', () => {
    const s = stream('s1', {
      settings: { startTime: NOW, participantVideoVisiblity: false, videoQuality: 'low' },
    });
    expect(buildWatchUrl(s)).toBe(
      '/session/session-1/watch/?stream=s1&lang=ja&low=true&novideo=true',
    );
  });
});

describe('hostOf', () => {
  it("says 'you' to the host and names the host to everyone else", () => {
    expect(hostOf(stream('s1'), 'teacher')).toEqual({ kind: 'you' });
    expect(hostOf({ ...stream('s1'), hostDisplayName: '山田先生' }, 'student')).toEqual({
      kind: 'other',
      name: '山田先生',
    });
    expect(hostOf(stream('s1'), 'student')).toEqual({ kind: 'other', name: 'teacher' });
  });

  it('passes a withheld (forbidden) name on rather than falling back to the host id', () => {
    expect(hostOf({ ...stream('s1'), hostDisplayName: HIDDEN_DISPLAY_NAME }, 'student')).toEqual({
      kind: 'other',
      name: HIDDEN_DISPLAY_NAME,
    });
  });
});

describe('the 12-hour rooms list', () => {
  it('asks the server for rooms started after now − 12 h that are not deleted', () => {
    expect(streamsQuery(NOW)).toEqual({ isDeleted: false, startTimeAfter: NOW - 12 * HOUR });
    expect(streamsQuery(NOW, 'session-2')).toMatchObject({ sessionId: 'session-2' });
  });

  it('shows rooms started within 12 hours or later, not deleted, by start time', () => {
    const list = [
      stream('later', { settings: { ...stream('x').settings, startTime: NOW + HOUR } }),
      stream('old', { settings: { ...stream('x').settings, startTime: NOW - 12 * HOUR - 1 } }),
      stream('edge', { settings: { ...stream('x').settings, startTime: NOW - 12 * HOUR } }),
      stream('deleted', { isDeleted: true }),
      stream('now'),
    ];
    expect(roomsToShow(list, NOW).map((s) => s.id)).toEqual(['edge', 'now', 'later']);
  });

  it('narrows to one session when asked', () => {
    const list = [stream('a'), stream('b', { sessionId: 'session-2' })];
    expect(roomsToShow(list, NOW, 'session-2').map((s) => s.id)).toEqual(['b']);
  });
});

describe('applyOwnChange', () => {
  it('adds a created room, replaces an edited one and removes a deleted one', () => {
    const created = applyOwnChange([stream('a')], stream('b'));
    expect(created.map((s) => s.id)).toEqual(['a', 'b']);
    const edited = applyOwnChange(created, stream('a', { name: 'renamed' }));
    expect(edited.map((s) => s.name)).toEqual(['renamed', 'room b']);
    expect(applyOwnChange(edited, stream('a', { isDeleted: true })).map((s) => s.id)).toEqual([
      'b',
    ]);
  });
});

describe('an admin with no school (issue 9, item 21)', () => {
  const school = { id: 'school-1', name: 'Tomoni Junior High' };
  it('is not offered "create a room" nor told about "your school"', () => {
    expect(mayCreateRoom({ role: 'admin', school: null })).toBe(false);
    expect(roomsTitleKey({ school: null })).toBe('titleNoSchool');
  });
  it('keeps both for a teacher of a school, and no creation for a pupil', () => {
    expect(mayCreateRoom({ role: 'teacher', school })).toBe(true);
    expect(roomsTitleKey({ school })).toBe('title');
    expect(mayCreateRoom({ role: 'member', school })).toBe(false);
  });
});
