import type { TimedAction, TimedActionKind } from '../contracts/entities';

/**
 * A video's timed actions as a timeline. Every time is seconds into the video.
 * - An action is active from `start` until `end` (open-ended without one). A chapter without
 *   `end` lasts until the next chapter starts, so exactly one chapter is current.
 * - Telops and images are overlays: visible from `show` (default start) until `hide` (default
 *   end); outside that window they are active but hidden.
 * - A vote's results become visible at `resultTime`, if it has one.
 */

/** An action active at the queried position. */
export interface ActiveAction {
  /** Index into the video's `actions`, a stable key for the UI. */
  index: number;
  action: TimedAction;
  /** For overlays, whether it is on screen; true for every other kind. */
  visible: boolean;
  /** For votes: whether the tallies are shown. */
  resultVisible: boolean;
}

const OVERLAY_KINDS: readonly TimedActionKind[] = ['telop', 'image'];

/** Whether a kind is shown and hidden with show/hide (telop, image). */
const isOverlay = (kind: TimedActionKind): boolean => OVERLAY_KINDS.includes(kind);

/** The [from, to) window in which each action is active. */
const activeWindows = (actions: readonly TimedAction[]): Array<[number, number]> => {
  const chapterStarts = actions
    .filter((a) => a.action === 'chapter')
    .map((a) => a.start)
    .sort((a, b) => a - b);
  return actions.map((a) => {
    if (a.end !== undefined) return [a.start, Math.max(a.start, a.end)];
    if (a.action === 'chapter') {
      const next = chapterStarts.find((s) => s > a.start);
      return [a.start, next ?? Infinity];
    }
    return [a.start, Infinity];
  });
};

/** The actions active at `position` (s), in video order; at most one chapter (the latest). */
export const activeActionsAt = (
  actions: readonly TimedAction[],
  position: number,
): ActiveAction[] => {
  const windows = activeWindows(actions);
  const active: ActiveAction[] = [];
  let chapter: ActiveAction | undefined;
  actions.forEach((action, index) => {
    const [from, to] = windows[index] ?? [0, 0];
    if (position < from || position >= to) return;
    const item: ActiveAction = {
      index,
      action,
      visible: isOverlay(action.action)
        ? position >= (action.show ?? action.start) && position < (action.hide ?? to)
        : true,
      resultVisible:
        action.action === 'vote' &&
        action.resultTime !== undefined &&
        position >= action.resultTime,
    };
    if (action.action === 'chapter') {
      if (!chapter || action.start >= chapter.action.start) chapter = item;
    } else active.push(item);
  });
  if (chapter) active.push(chapter);
  return active.sort((a, b) => a.action.start - b.action.start || a.index - b.index);
};

/** The current chapter at `position`, or null. */
export const chapterAt = (actions: readonly TimedAction[], position: number): TimedAction | null =>
  activeActionsAt(actions, position).find((a) => a.action.action === 'chapter')?.action ?? null;

/**
 * The first position after `position` at which anything on the timeline changes (a start, end,
 * show, hide or result time), or null: the UI schedules one timer instead of polling.
 */
export const nextChangeAfter = (
  actions: readonly TimedAction[],
  position: number,
): number | null => {
  let next: number | null = null;
  const consider = (t: number | undefined) => {
    if (t !== undefined && Number.isFinite(t) && t > position && (next === null || t < next)) {
      next = t;
    }
  };
  for (const a of actions) {
    consider(a.start);
    consider(a.end);
    if (isOverlay(a.action)) {
      consider(a.show);
      consider(a.hide);
    }
    if (a.action === 'vote') consider(a.resultTime);
  }
  return next;
};

/** Wall-clock milliseconds until the timeline reaches `target` at this playback rate. */
export const msUntilPosition = (target: number, position: number, playbackRate: number): number =>
  playbackRate > 0 ? Math.max(0, ((target - position) / playbackRate) * 1000) : Infinity;
