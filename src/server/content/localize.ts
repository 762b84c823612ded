import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Lang } from '../../contracts/entities';
import type {
  InquiryProjectsTable,
  SessionsTable,
  TimedActionJson,
  UnitOutputsTable,
  VideosTable,
  WorksTable,
} from '../db/schema';

/**
 * Content in the reader's language (issue 9: 15). A content row is stored as written, plus a
 * `translations` column holding, per language, the columns that differ (migration 0010). The
 * API answers each reader in their own language (`users.lang`, the language setting); a row
 * without a translation for it — staff-written content, usually — is shown as written.
 */

/** The language a signed-in user reads content in: their language setting. */
export const contentLangOf = (user: { lang: string }): Lang => (user.lang === 'en' ? 'en' : 'ja');

/** The row with the reader's translated columns laid over it (only columns the row has). */
function overlay<T extends { translations?: unknown }>(row: T, lang: Lang, skip: string[] = []): T {
  const all = row.translations as Partial<Record<Lang, Record<string, unknown>>> | null | undefined;
  const tr = all?.[lang];
  if (!tr) return row;
  const out: Record<string, unknown> = { ...row };
  for (const [column, value] of Object.entries(tr)) {
    if (skip.includes(column) || !(column in row) || value === undefined || value === null)
      continue;
    out[column] = value;
  }
  return out as T;
}

type SessionRow = Selectable<SessionsTable>;
/** A session row in the reader's language; the title comes from the spec's `ja` / `en` variant. */
export function localizeSession<T extends Partial<SessionRow> & Pick<SessionRow, 'translations'>>(
  row: T,
  lang: Lang,
): T {
  const out = overlay(row, lang);
  const variant = row[lang];
  if (typeof row.title === 'string' && variant?.title) return { ...out, title: variant.title };
  return out;
}

/**
 * A timed action in the reader's language: name and title are replaced; a vote's choices stay
 * as written (they are what a ballot stores, so a room of mixed languages counts one tally) and
 * the translated words go to `labels`, which the client shows.
 */
function localizeAction(
  action: TimedActionJson,
  tr: Pick<TimedActionJson['params'], 'name' | 'title' | 'choices'> | undefined,
): TimedActionJson {
  if (!tr) return action;
  const params = { ...action.params };
  if (tr.name) params.name = tr.name;
  if (tr.title) params.title = tr.title;
  if (tr.choices && params.choices && tr.choices.length === params.choices.length) {
    params.labels = tr.choices;
  }
  return { ...action, params };
}

type VideoRow = Selectable<VideosTable>;
/** A video row in the reader's language, its timed actions translated by position. */
export function localizeVideo(row: VideoRow, lang: Lang): VideoRow {
  const out = overlay(row, lang, ['actions']);
  const actions = row.translations?.[lang]?.actions;
  if (!actions) return out;
  return { ...out, actions: row.actions.map((a, i) => localizeAction(a, actions[i])) };
}

/** A work (the output prompt: title, description, questions, examples) in the reader's language. */
export const localizeWork = <T extends Partial<Selectable<WorksTable>>>(
  row: T & Pick<Selectable<WorksTable>, 'translations'>,
  lang: Lang,
): T => {
  const out = overlay(row, lang);
  // A question left empty in this language reads as written (the studio writes them by position).
  const tr = row.translations?.[lang]?.questions;
  if (tr && Array.isArray(row.questions)) {
    return { ...out, questions: row.questions.map((q, i) => tr[i] || q) };
  }
  return out;
};

/** A project (its name) in the reader's language. */
export const localizeProject = <T extends Partial<Selectable<InquiryProjectsTable>>>(
  row: T & Pick<Selectable<InquiryProjectsTable>, 'translations'>,
  lang: Lang,
): T => overlay(row, lang);

/** A project slide (its layout labels and values) in the reader's language. */
export const localizeUnitOutput = <T extends Partial<Selectable<UnitOutputsTable>>>(
  row: T & Pick<Selectable<UnitOutputsTable>, 'translations'>,
  lang: Lang,
): T => overlay(row, lang);

/**
 * SQL for a session's title in the reader's language, for queries that select only the title
 * (reports, moderation): the `ja` / `en` variant's title, else the title as written.
 */
export const sessionTitleSql = (lang: Lang, table = 's'): RawBuilder<string> =>
  sql<string>`coalesce(nullif(${sql.ref(`${table}.${lang}`)}->>'title', ''), ${sql.ref(`${table}.title`)})`;
