import { z } from 'zod';
import type { ReflectionDraft } from './api/reflections';

/**
 * The notes of a reflection the server has not got yet, kept on this device (issue 24: a server
 * error or a lost network must never lose what a pupil typed). Written on every change, removed
 * once a save succeeds; the editor opens with it when it is there. localStorage, like the
 * output's unsent copy (outputs/unsent-copy.ts): the write is synchronous, so the last keystroke
 * before a tab closes is kept too.
 */
const PREFIX = 'tomoni.reflection.unsent';

const UnsentReflection = z.object({
  ideaNote: z.string(),
  thinkNote: z.string(),
  actionNote: z.string(),
  score: z.number().int().min(0).max(10).nullable(),
  status: z.enum(['published', 'draft']),
  keptAt: z.number(),
});
export type UnsentReflection = z.infer<typeof UnsentReflection>;

export const unsentReflectionKey = (userId: string, sessionId: string) =>
  `${PREFIX}:${userId}:${sessionId}`;

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readUnsentReflection(
  key: string,
  storage: Storage | null = safeStorage(),
): UnsentReflection | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = UnsentReflection.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function keepUnsentReflection(
  key: string,
  draft: ReflectionDraft,
  now = Date.now(),
  storage: Storage | null = safeStorage(),
): void {
  try {
    storage?.setItem(key, JSON.stringify({ ...draft, keptAt: now }));
  } catch {
    // Storage full or refused: the editor still holds the text until the page closes.
  }
}

export function dropUnsentReflection(key: string, storage: Storage | null = safeStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

/** The draft part of a kept copy (what the editor fills its fields with). */
export const draftOfUnsent = ({ keptAt: _keptAt, ...draft }: UnsentReflection): ReflectionDraft =>
  draft;
