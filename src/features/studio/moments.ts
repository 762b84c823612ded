import { StudioTimedAction, type StudioTimedAction as Moment } from '@/contracts/api/studio';
import { TimedActionKind } from '@/contracts/entities';

/** Pure helpers of the moments editor (issue 15): defaults, nudging, ordering, checking. */

export type { Moment };

export const MOMENT_KINDS: readonly TimedActionKind[] = TimedActionKind.options;

const round = (s: number) => Math.round(s * 10) / 10;

/** A fresh moment of `kind` at `start`, with the params its kind needs left for the author. */
export function newMoment(
  kind: TimedActionKind,
  start: number,
  existing: readonly Moment[],
): Moment {
  const at = round(Math.max(0, start));
  const base: Moment = { start: at, action: kind, params: {} };
  if (kind === 'chapter' || kind === 'telop' || kind === 'image' || kind === 'discuss') {
    base.end = round(at + 5);
  }
  if (kind === 'vote') {
    base.end = round(at + 10);
    base.resultTime = round(at + 8);
    base.params.choices = ['', ''];
  }
  if (kind === 'discuss' || kind === 'vote') base.params.discussId = freshId(kind, existing);
  if (kind === 'output') base.params.type = 'free';
  return base;
}

/** discuss-1, vote-2 …: the first id of the kind not taken yet. */
function freshId(kind: TimedActionKind, existing: readonly Moment[]): string {
  const taken = new Set(existing.map((m) => m.params.discussId));
  for (let n = 1; ; n++) {
    const id = `${kind}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/** Moves a moment by `delta` seconds, keeping its length and its times inside [0, duration]. */
export function nudge<M extends Moment>(m: M, delta: number, duration: number | null): M {
  const length = m.end !== undefined ? m.end - m.start : 0;
  const max = duration !== null ? Math.max(0, duration - length) : Infinity;
  const start = round(Math.min(max, Math.max(0, m.start + delta)));
  const shift = start - m.start;
  const move = (t: number | undefined) => (t === undefined ? undefined : round(t + shift));
  const out: M = { ...m, start };
  for (const key of ['end', 'show', 'hide', 'resultTime'] as const) {
    const v = move(m[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

export const sortMoments = <M extends Moment>(list: readonly M[]): M[] =>
  [...list].sort(
    (a, b) => a.start - b.start || MOMENT_KINDS.indexOf(a.action) - MOMENT_KINDS.indexOf(b.action),
  );

/** The first problem of a moment as a message key, or null: the server's rules, before saving. */
export function momentProblem(m: Moment & { en?: unknown }): string | null {
  const { en: _en, ...stored } = m;
  const r = StudioTimedAction.safeParse(stored);
  if (r.success) return null;
  const issue = r.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  if (path === 'end') return 'moment.error.end';
  if (path === 'resultTime') return 'moment.error.resultTime';
  if (path.startsWith('params.choices')) return 'moment.error.choices';
  if (path === 'params.image') return 'moment.error.image';
  if (path === 'params.name') return 'moment.error.name';
  return 'moment.error.other';
}

/** "1:05.5" for 65.5 seconds. */
export function formatSeconds(s: number): string {
  const m = Math.floor(s / 60);
  const rest = s - m * 60;
  const text = (Math.round(rest * 10) / 10).toFixed(1).padStart(4, '0');
  return `${m}:${text}`;
}

/** A moment's English words (issue 24): what a pupil reading in English sees; empty: the Japanese. */
export interface MomentEn {
  name?: string;
  title?: string;
  choices?: string[];
}

/** A moment as the editor holds it: the stored moment with its English words beside it. */
export type EditMoment = Moment & { en?: MomentEn };

/** The stored moments with their translations (kept by position on the server) attached. */
export function withTranslations(
  actions: readonly Moment[],
  translations: readonly MomentEn[],
): EditMoment[] {
  return actions.map((a, i) => {
    const tr = translations[i];
    return tr && Object.keys(tr).length > 0 ? { ...a, en: tr } : { ...a };
  });
}

/** The moment without its English words: what the contract checks and stores. */
function stripEn(m: EditMoment): Moment {
  const { en: _en, ...rest } = m;
  return rest;
}

/**
 * Moments and translations as PUT /v1/studio/video takes them, by position: a vote's English
 * choices are sent only when one is written, each empty one filled with the Japanese.
 */
export function splitTranslations(list: readonly EditMoment[]): {
  actions: Moment[];
  actionTranslations: MomentEn[];
} {
  const actionTranslations = list.map((m): MomentEn => {
    const en = m.en ?? {};
    const out: MomentEn = {};
    if (en.name?.trim()) out.name = en.name.trim();
    if (en.title?.trim()) out.title = en.title.trim();
    const ja = m.params.choices;
    if (ja && en.choices?.some((c) => c.trim())) {
      out.choices = ja.map((c, i) => en.choices?.[i]?.trim() || c);
    }
    return out;
  });
  const any = actionTranslations.some((t) => Object.keys(t).length > 0);
  return { actions: list.map(stripEn), actionTranslations: any ? actionTranslations : [] };
}

/**
 * The moment as a pupil reading in English reads it (the server's `localizeAction`): name and
 * title replaced where written, the vote's English choices as `labels`; the studio's preview in
 * English mode shows this.
 */
export function inEnglish(m: EditMoment): Moment {
  const { en, ...stored } = m;
  if (!en) return stored;
  const params = { ...stored.params } as Moment['params'] & { labels?: string[] };
  if (en.name?.trim()) params.name = en.name.trim();
  if (en.title?.trim()) params.title = en.title.trim();
  const ja = stored.params.choices;
  if (ja && en.choices?.some((c) => c.trim())) {
    params.labels = ja.map((c, i) => en.choices?.[i]?.trim() || c);
  }
  return { ...stored, params };
}
