/**
 * The end of the video (issue 9, item 12): the room may still say "playing" at 1:00 / 1:00, but
 * the pupil sees a video that has stopped, so the toggle offers to play it again from the start.
 */
const END_MARGIN_S = 0.5;

export const atEnd = (position: number, duration: number): boolean =>
  duration > 0 && position >= duration - END_MARGIN_S;

export type ToggleLabel = 'play' | 'pause' | 'replay';

export function toggleLabel(playing: boolean, position: number, duration: number): ToggleLabel {
  if (atEnd(position, duration)) return 'replay';
  return playing ? 'pause' : 'play';
}

/** Solo archive viewing: where to offer to resume (s), or null when starting over is better. */
const RESUME_MIN_S = 10;

export function resumePoint(saved: number | null, duration: number): number | null {
  if (saved === null || !Number.isFinite(saved) || saved < RESUME_MIN_S) return null;
  if (duration > 0 && saved >= duration - RESUME_MIN_S) return null;
  return Math.floor(saved);
}

const resumeKey = (userId: string, sessionId: string) => `WATCH.RESUME.${userId}.${sessionId}`;

/** The position a pupil left a solo viewing at, per browser (localStorage; errors ignored). */
export const resumeStore = {
  read(userId: string, sessionId: string): number | null {
    try {
      const raw = globalThis.localStorage?.getItem(resumeKey(userId, sessionId));
      const value = raw === null || raw === undefined ? NaN : Number(raw);
      return Number.isFinite(value) ? value : null;
    } catch {
      return null;
    }
  },
  write(userId: string, sessionId: string, position: number): void {
    try {
      globalThis.localStorage?.setItem(resumeKey(userId, sessionId), String(Math.floor(position)));
    } catch {
      // Storage refused: the next viewing starts at the beginning.
    }
  },
};
