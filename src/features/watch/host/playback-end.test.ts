import { describe, expect, it } from 'vitest';
import { atEnd, resumePoint, toggleLabel } from './playback-end';

describe('end of the video and resuming (issue 9, item 12)', () => {
  it('offers replay, not pause, at 1:00 / 1:00 even while the room still says playing', () => {
    expect(toggleLabel(true, 60, 60)).toBe('replay');
    expect(toggleLabel(false, 60, 60)).toBe('replay');
    expect(toggleLabel(true, 30, 60)).toBe('pause');
    expect(toggleLabel(false, 30, 60)).toBe('play');
    expect(atEnd(0, 0)).toBe(false);
  });

  it('offers to resume a solo viewing where the pupil left off, unless near the start or end', () => {
    expect(resumePoint(125.7, 600)).toBe(125);
    expect(resumePoint(null, 600)).toBeNull();
    expect(resumePoint(4, 600)).toBeNull();
    expect(resumePoint(595, 600)).toBeNull();
  });
});
