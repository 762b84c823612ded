import { z } from 'zod';
import type { OutputContent } from './output-rules';

/**
 * The text of an output not yet saved on the server, kept on this device (issue 13: nothing a
 * pupil typed is lost offline). Written on every change the server has not got, removed once a
 * save (autosave or post) has it; the dialog opens with it when it is there, and its autosave
 * sends it as the draft as soon as the network is back. localStorage, not IndexedDB: the write is
 * synchronous, so the last keystroke before a tab closes is kept too
 * (docs/decisions/0154-outputs.md).
 */
const PREFIX = 'tomoni.output.unsent';

const UnsentCopy = z.object({
  description: z.string(),
  image: z.string().nullable(),
  keptAt: z.number(),
});
export type UnsentCopy = z.infer<typeof UnsentCopy>;

export const unsentKey = (userId: string, sessionId: string, workId: string) =>
  `${PREFIX}:${userId}:${sessionId}:${workId}`;

export function readUnsent(
  key: string,
  storage: Storage | null = safeStorage(),
): UnsentCopy | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = UnsentCopy.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function keepUnsent(
  key: string,
  content: OutputContent,
  now = Date.now(),
  storage: Storage | null = safeStorage(),
): void {
  try {
    storage?.setItem(
      key,
      JSON.stringify({ description: content.description, image: content.image, keptAt: now }),
    );
  } catch {
    // Storage full or refused: the dialog still holds the text and autosave still retries.
  }
}

export function dropUnsent(key: string, storage: Storage | null = safeStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
