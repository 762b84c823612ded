import {
  CRISIS_HELPLINE,
  type CareResponse,
  type Concern,
  type ConcernChannel,
} from '../../contracts/api/safeguarding';
import { STAFF_ROLES, type Lang } from '../../contracts/entities';
import { isProviderRole, type Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import { AppError } from '../http/errors';
import { findViolations } from '../moderation/checks';
import {
  groupsOfSchools,
  groupsOfUser,
  withAncestorIds,
  withDescendants,
} from '../users/repository';

/** The most concerns one list returns (newest first). */
const CONCERN_LIST_MAX = 100;

/** Whether a text says its writer may hurt themselves (the screening's self-harm findings). */
const speaksOfSelfHarm = (text: string): boolean =>
  findViolations(text).some((f) => f.kind === 'selfHarm');

/**
 * The one gate every channel a person writes into passes before anything is stored (issue 26):
 * a text that speaks of self-harm is not published, not thrown away and not queued with
 * everything else. It is kept as a concern for the adults of the writer's groups, and the answer
 * is 422 `concernRaised`, on which the client shows where to get help now.
 */
export async function keepConcern(
  db: Db,
  writerId: string,
  channel: ConcernChannel,
  texts: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  const written = texts.filter((t): t is string => !!t && t.trim() !== '');
  if (!written.some(speaksOfSelfHarm)) return;
  await recordConcern(db, writerId, channel, written.join('\n\n'));
  throw new AppError(
    'concernRaised',
    'This was not posted. A teacher will read it; help is there for you now.',
  );
}

/**
 * Keeps `text` as a concern of `writerId` for the adults of their groups, once per repeat within
 * the hour. keepConcern's gate, and the picture screening when the text in a picture speaks of
 * self-harm (the picture itself is held, so nothing is refused there).
 */
export async function recordConcern(
  db: Db,
  writerId: string,
  channel: ConcernChannel,
  text: string,
): Promise<void> {
  // Sent again (a retry, a second tap) within the hour: one concern, not a pile of them.
  const again = await db
    .selectFrom('safeguarding_concerns')
    .select('id')
    .where('user_id', '=', writerId)
    .where('channel', '=', channel)
    .where('text', '=', text)
    .where('created_at', '>', new Date(Date.now() - 3600_000))
    .executeTakeFirst();
  if (!again) {
    await db
      .insertInto('safeguarding_concerns')
      .values({ user_id: writerId, channel, text })
      .execute();
    listeners.get(db)?.(writerId);
  }
}

/** The notification an adult's browser shows: no name, no words, only where to look. */
export const CONCERN_PUSH_TEXT = {
  ja: '見守りが必要な書き込みがあります。開いて確認してください。',
  en: 'A pupil’s post needs an adult. Open it to read.',
} as const;

/** Who hears of a new concern, per database: the app that opened it (the last one, in tests). */
const listeners = new WeakMap<Db, (writerId: string) => void>();

/**
 * Called with the writer of every new concern kept in `db` (the app sends the adults a Web Push
 * notification; it never carries the words). Returns the way to stop.
 */
export function onConcernKept(db: Db, listener: (writerId: string) => void): () => void {
  listeners.set(db, listener);
  return () => {
    if (listeners.get(db) === listener) listeners.delete(db);
  };
}

/** The adults of a writer's groups and of the groups above them (staff roles), not the writer. */
export async function adultsOf(db: Db, writerId: string): Promise<string[]> {
  const own = await groupsOfUser(db, writerId);
  if (own.length === 0) return [];
  const school = await groupsOfSchools(db, [...new Set(own.map((g) => g.school_id))]);
  const groups = [...withAncestorIds(own, school)];
  const rows = await db
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .distinct()
    .where('m.group_id', 'in', groups)
    .where('u.role', 'in', [...STAFF_ROLES])
    .where('u.id', '!=', writerId)
    .execute();
  return rows.map((r) => r.id);
}

/** The groups whose pupils' concerns the caller reads: their own and every group below; all for provider staff. */
async function reach(db: Db, scope: Subject): Promise<ReadonlySet<string> | 'all'> {
  if (isProviderRole(scope.role)) return 'all';
  const own = await groupsOfUser(db, scope.userId);
  const school = await groupsOfSchools(db, [...new Set(own.map((g) => g.school_id))]);
  return new Set(withDescendants(own, school).map((g) => g.id));
}

/** The concerns the caller may read: their pupils' (not their own), as a query to narrow further. */
function readable(db: Db, scope: Subject, groups: ReadonlySet<string> | 'all') {
  let q = db.selectFrom('safeguarding_concerns as c').where('c.user_id', '!=', scope.userId);
  if (groups !== 'all') {
    q = q.where('c.user_id', 'in', (eb) =>
      eb
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', 'in', [...groups]),
    );
  }
  return q;
}

/** How many of the caller's pupils' concerns the caller has not opened: one count for the alert's poll. */
export async function countUnseenConcerns(db: Db, scope: Subject): Promise<number> {
  const groups = await reach(db, scope);
  if (groups !== 'all' && groups.size === 0) return 0;
  const row = await readable(db, scope, groups)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('safeguarding_concern_views as v')
            .select('v.concern_id')
            .whereRef('v.concern_id', '=', 'c.id')
            .where('v.viewer_id', '=', scope.userId),
        ),
      ),
    )
    .select(({ fn }) => fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The concerns of the pupils in the caller's groups (staff roles), newest first; `only` narrows to one. */
export async function listConcerns(
  db: Db,
  scope: Subject,
  only?: string,
): Promise<{ items: Concern[]; unseen: number }> {
  const groups = await reach(db, scope);
  if (groups !== 'all' && groups.size === 0) return { items: [], unseen: 0 };
  let q = readable(db, scope, groups)
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.channel', 'c.text', 'c.created_at', 'u.display_name'])
    .orderBy('c.created_at', 'desc')
    .limit(CONCERN_LIST_MAX);
  if (only !== undefined) q = q.where('c.id', '=', only);
  const rows = await q.execute();
  if (rows.length === 0) return { items: [], unseen: 0 };
  const ids = rows.map((r) => r.id);
  const writers = [...new Set(rows.map((r) => r.user_id))];
  const [views, memberships] = await Promise.all([
    db
      .selectFrom('safeguarding_concern_views as v')
      .innerJoin('users as u', 'u.id', 'v.viewer_id')
      .select(['v.concern_id', 'v.viewer_id', 'v.seen_at', 'u.display_name'])
      .where('v.concern_id', 'in', ids)
      .orderBy('v.seen_at')
      .execute(),
    db
      .selectFrom('group_members as m')
      .innerJoin('groups as g', 'g.id', 'm.group_id')
      .select(['m.user_id', 'g.id', 'g.name'])
      .where('m.user_id', 'in', writers)
      .orderBy('g.name')
      .execute(),
  ]);
  const items = rows.map((r): Concern => {
    const seen = views.filter((v) => v.concern_id === r.id);
    return {
      id: r.id,
      user: {
        id: r.user_id,
        displayName: r.display_name,
        groups: memberships
          .filter((m) => m.user_id === r.user_id && (groups === 'all' || groups.has(m.id)))
          .map((m) => m.name),
      },
      channel: r.channel as ConcernChannel,
      text: r.text,
      createdAt: msOf(r.created_at),
      seenBy: seen.map((v) => ({ displayName: v.display_name, seenAt: msOf(v.seen_at) })),
      seenByMe: seen.some((v) => v.viewer_id === scope.userId),
    };
  });
  return { items, unseen: items.filter((c) => !c.seenByMe).length };
}

/** Records that the caller opened a concern they may read (again: the first time stays). */
export async function markConcernSeen(db: Db, scope: Subject, id: string): Promise<Concern> {
  const groups = await reach(db, scope);
  const mayRead =
    (groups === 'all' || groups.size > 0) &&
    (await readable(db, scope, groups).select('c.id').where('c.id', '=', id).executeTakeFirst());
  if (!mayRead) throw new AppError('notFound', 'No such concern');
  await db
    .insertInto('safeguarding_concern_views')
    .values({ concern_id: id, viewer_id: scope.userId })
    .onConflict((oc) => oc.columns(['concern_id', 'viewer_id']).doNothing())
    .execute();
  const [item] = (await listConcerns(db, scope, id)).items;
  if (!item) throw new AppError('notFound', 'No such concern');
  return item;
}

/** A teacher sets who their own school's pupils can talk to; staff of no school have none to set. */
export async function setCareContact(
  db: Db,
  scope: Subject,
  contact: string | null,
): Promise<void> {
  if (!scope.schoolId) throw new AppError('forbidden', 'Only a school’s own staff set its contact');
  await db
    .updateTable('schools')
    .set({ care_contact: contact })
    .where('id', '=', scope.schoolId)
    .execute();
}

/** Who the caller can reach now: the helpline, and their school's own contact when it has one. */
export async function careFor(db: Db, scope: Subject, lang: Lang): Promise<CareResponse> {
  const school = scope.schoolId
    ? await db
        .selectFrom('schools')
        .select(['name', 'name_en', 'care_contact'])
        .where('id', '=', scope.schoolId)
        .executeTakeFirst()
    : undefined;
  return {
    helpline: { name: CRISIS_HELPLINE.name[lang], phone: CRISIS_HELPLINE.phone },
    school: school
      ? {
          name: lang === 'en' && school.name_en ? school.name_en : school.name,
          contact: school.care_contact,
        }
      : null,
  };
}
