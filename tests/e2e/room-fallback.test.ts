import { describe, expect, it } from 'vitest';
import { text } from './support/locales';
import { roomLessonSteps, useRoomLesson, type RoomLesson } from './support/room-lesson';
import { schoolProxy, type ProxyMode } from './support/school-proxy';

// Issue 27's first "what must be shown": behind a school proxy that cuts WebSockets, the room
// still holds. A local proxy in front of the server refuses every upgrade (mode A) and, in mode B,
// also holds back every response body until it ends (so a stream never flows); the teacher
// plays, pauses, skips and sets 1.5×, and both students follow over the HTTP fallback.

/** The way a page reaches the hub, as its debug hook says. */
const pathOf = (lesson: RoomLesson, who: 'host' | 'student1' | 'student2') =>
  lesson[who].page.evaluate(() =>
    (window as unknown as { __tomoniSync?: { path(): string | null } }).__tomoniSync?.path(),
  );

const fallbackLesson = (mode: ProxyMode, path: 'stream' | 'longpoll') => {
  const lesson = useRoomLesson({ via: schoolProxy(mode) });
  roomLessonSteps(lesson, {
    afterEnter: async () => {
      for (const who of ['host', 'student1', 'student2'] as const) {
        await expect.poll(() => pathOf(lesson, who)).toBe(path);
      }
    },
  });
  it('still follows over the fallback at the end of the lesson', async () => {
    for (const who of ['host', 'student1', 'student2'] as const) {
      expect(await pathOf(lesson, who)).toBe(path);
    }
  });
  it('names the fallback on /check, in words an IT teacher can forward', async () => {
    // The pupil's own page, in the pupil's language (ja); check.test.ts reads the English row.
    const page = await lesson.student1.context.newPage();
    const origin = new URL(lesson.student1.page.url()).origin;
    await page.goto(`${origin}/check?lang=ja`);
    const row = page.getByTestId('check-path');
    await expect
      .poll(() => row.getAttribute('data-verdict'), { timeout: 60_000 })
      .toBe(path === 'stream' ? 'pass' : 'warn');
    await row.getByText(text('ja', `check:path.${path}`)).waitFor();
    expect(await page.getByTestId('check-realtime').getAttribute('data-verdict')).toBe('fail');
    await page.close();
  });
};

describe('the room behind a proxy that refuses WebSockets', () => {
  fallbackLesson('refuseUpgrades', 'stream');
});

describe('the room behind a proxy that also buffers every response', () => {
  fallbackLesson('buffer', 'longpoll');
});
