import type { NotificationKind } from '../../contracts/api/notifications';
import { FEEDBACK_NOTIFICATION_DELAY_MS } from '../../contracts/constants';
import { Notification } from '../../contracts/entities';
import type { Db } from '../db/database';
import { reportHideCutoff } from '../feedback/visibility';
import { msOf } from '../db/json';
import { displayNameFor, type UserRow } from '../users/repository';

/** The most items one notification list returns (newest first). */
const NOTIFICATION_LIST_MAX = 50;

export interface NotificationWindow {
  /** Only items created at or before this instant (24 hours before now). */
  notAfter: Date;
  /** Only items created strictly after this instant (the read time), or no lower bound. */
  after: Date | null;
  /** Only project feedback. */
  projectFeedbackOnly: boolean;
}

/**
 * The time rule of each list (accounts and people §9): every list waits 24 hours after an item
 * was created; 'all' (latest) and project feedback also start after the user's read time.
 */
export function notificationWindow(
  kind: NotificationKind,
  now: number,
  readNotificationAt: number | null,
): NotificationWindow {
  const notAfter = new Date(now - FEEDBACK_NOTIFICATION_DELAY_MS);
  const after = kind === 'me' || readNotificationAt === null ? null : new Date(readNotificationAt);
  return { notAfter, after, projectFeedbackOnly: kind === 'projectFeedbackAll' };
}

/** The stored notifications of the recipient in the window, not caused by the recipient. */
async function storedNotifications(db: Db, user: UserRow, w: NotificationWindow) {
  let q = db
    .selectFrom('notifications')
    .leftJoin('users as actor', 'actor.id', 'notifications.actor_user_id')
    .select([
      'notifications.id',
      'notifications.type',
      'notifications.action',
      'notifications.actor_user_id',
      'notifications.count',
      'notifications.items',
      'notifications.payload',
      'notifications.created_at',
      'notifications.updated_at',
      'actor.display_name as actor_name',
    ])
    .where('notifications.user_id', '=', user.id)
    .where((eb) =>
      eb.or([
        eb('notifications.actor_user_id', 'is', null),
        eb('notifications.actor_user_id', '!=', user.id),
      ]),
    )
    .where('notifications.created_at', '<=', w.notAfter);
  if (w.after) q = q.where('notifications.created_at', '>', w.after);
  if (w.projectFeedbackOnly) q = q.where('notifications.type', '=', 'receiveProjectFeedback');
  const rows = await q
    .orderBy('notifications.created_at', 'desc')
    .limit(NOTIFICATION_LIST_MAX)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    ...(r.action ? { action: r.action } : {}),
    userId: r.actor_user_id ?? user.id,
    ...(r.actor_name && r.actor_user_id
      ? {
          user: {
            displayName: displayNameFor(user, { id: r.actor_user_id, display_name: r.actor_name }),
          },
        }
      : {}),
    count: r.count,
    items: r.items,
    payload: r.payload,
    createdAt: msOf(r.created_at),
    updatedAt: msOf(r.updated_at),
  }));
}

/**
 * Feedback others wrote on the user's outputs, one notification per output: the feed the modal
 * lists as "new feedback received". Derived from the feedbacks themselves, so a feedback shows up
 * 24 hours after it was posted without any job writing rows. Unpublished or hidden feedback
 * never counts.
 */
async function feedbackNotifications(db: Db, user: UserRow, w: NotificationWindow, now: number) {
  let q = db
    .selectFrom('feedbacks as f')
    .innerJoin('outputs as o', 'o.id', 'f.output_id')
    .innerJoin('users as author', 'author.id', 'f.user_id')
    .innerJoin('sessions as s', 's.id', 'f.session_id')
    .select([
      'f.id',
      'f.output_id',
      'f.user_id',
      'f.created_at',
      'author.display_name',
      's.id as session_id',
      's.title as session_title',
      's.image as session_image',
      's.ja as session_ja',
      's.en as session_en',
    ])
    .where('o.user_id', '=', user.id)
    .where('f.user_id', '!=', user.id)
    .where('f.status', '=', 'published')
    .where('f.hidden', '=', false)
    // Reported within the hour: hidden from the recipient here too (issue 26).
    .where((eb) =>
      eb.or([eb('f.reported_at', 'is', null), eb('f.reported_at', '<', reportHideCutoff(now))]),
    )
    .where('author.status', '!=', 'withdrawn')
    .where('f.created_at', '<=', w.notAfter);
  if (w.after) q = q.where('f.created_at', '>', w.after);
  const rows = await q.orderBy('f.created_at', 'desc').limit(500).execute();

  const byOutput = new Map<string, { latest: (typeof rows)[number]; count: number }>();
  for (const r of rows) {
    const entry = byOutput.get(r.output_id);
    if (entry) entry.count += 1;
    else byOutput.set(r.output_id, { latest: r, count: 1 });
  }
  // The session is named in the recipient's language, as the rest of their pages are.
  const variant = (l: (typeof rows)[number]) => (user.lang === 'en' ? l.session_en : l.session_ja);
  return [...byOutput.values()].map(({ latest, count }) => ({
    id: `feedback-${latest.output_id}`,
    type: 'replyToMyOutput',
    userId: latest.user_id,
    user: {
      displayName: displayNameFor(user, { id: latest.user_id, display_name: latest.display_name }),
    },
    count,
    items: {
      session: {
        id: latest.session_id,
        title: variant(latest)?.title || latest.session_title,
        image: variant(latest)?.image || latest.session_image,
      },
      feedback: { outputId: latest.output_id },
    },
    payload: { id: latest.id },
    createdAt: msOf(latest.created_at),
    updatedAt: msOf(latest.created_at),
  }));
}

/**
 * One list of the user's notifications at `now` (injected so the time rules can be tested on a
 * fixed clock). Rows that do not fit the contract are dropped rather than failing the list.
 * `user` is the caller and the scope: every row read is addressed to them (own user only).
 */
export async function listNotifications(
  db: Db,
  user: UserRow,
  kind: NotificationKind,
  now: number,
): Promise<Notification[]> {
  const readAt = user.read_notification_at ? msOf(user.read_notification_at) : null;
  const w = notificationWindow(kind, now, readAt);
  const stored = await storedNotifications(db, user, w);
  const derived = w.projectFeedbackOnly ? [] : await feedbackNotifications(db, user, w, now);
  return [...stored, ...derived]
    .flatMap((raw) => {
      const parsed = Notification.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, NOTIFICATION_LIST_MAX);
}
