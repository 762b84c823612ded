/**
 * What "next" shows in a server sequencing mode (good, gambari, max, min, random). The server
 * picks; when it has no pick (none, the same output again, or it failed), the viewer falls back
 * to the list order so "next" still moves on, and tells the user
 * (docs/decisions/0157-feedback-viewer.md).
 */

/** The output after `current` in `list`, wrapping to the start; null when there is no other. */
export function nextInListOrder(list: readonly string[], current: string | null): string | null {
  const others = list.filter((id) => id !== current);
  if (others.length === 0) return null;
  const at = current === null ? -1 : list.indexOf(current);
  if (at < 0) return others[0]!;
  return list.slice(at + 1).find((id) => id !== current) ?? others[0]!;
}

export interface NextStep {
  /** The output to show next; null when there is no other output at all. */
  id: string | null;
  /** True when the server had no pick and the list order was used instead. */
  fallback: boolean;
}

/** The server's pick when it is another output, otherwise the next one in the list order. */
export function resolveNext(
  list: readonly string[],
  current: string | null,
  pick: string | null,
): NextStep {
  if (pick !== null && pick !== current) return { id: pick, fallback: false };
  return { id: nextInListOrder(list, current), fallback: true };
}
