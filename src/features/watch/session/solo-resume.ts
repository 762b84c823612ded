import { useEffect, useRef, useState } from 'react';
import { resumePoint, resumeStore } from '../host/playback-end';

const SAVE_EVERY_MS = 5000;

/**
 * Solo archive viewing remembers where the pupil is (every few seconds and when the page goes, in
 * this browser, per user and session) and, on the next viewing, the join gate offers to continue
 * from there or start over, each in the one tap (issue 9, item 12; issue 24,
 * docs/decisions/0024-solo-resume-at-the-join-tap.md). Rooms follow the host.
 */
export function useSoloResume(options: {
  enabled: boolean;
  joined: boolean;
  /** The room plays (the saved position is not the 0 it starts at before its first play). */
  playing: boolean;
  userId: string;
  sessionId: string;
  position: number;
  duration: number;
}): { at: number | null } {
  const { enabled, joined, playing, userId, sessionId, position, duration } = options;
  const [at] = useState(() =>
    enabled ? resumePoint(resumeStore.read(userId, sessionId), duration) : null,
  );
  const played = useRef(false);
  const lastSave = useRef(0);
  const latest = useRef<number | null>(null);
  if (enabled && joined && playing) played.current = true;
  if (played.current) latest.current = position;

  useEffect(() => {
    if (!enabled || !joined || !played.current) return;
    const now = Date.now();
    if (now - lastSave.current < SAVE_EVERY_MS) return;
    lastSave.current = now;
    resumeStore.write(userId, sessionId, position);
  }, [enabled, joined, userId, sessionId, position, playing]);

  // Leaving the page (or the watch page) keeps the last position, not the one up to 5 s before.
  useEffect(() => {
    if (!enabled) return;
    const save = () => {
      if (latest.current !== null) resumeStore.write(userId, sessionId, latest.current);
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [enabled, userId, sessionId]);

  return { at };
}
