import { HIDDEN_FEEDBACK_MS } from '../../contracts/constants';
import { isStaffRole, type Role } from '../../contracts/entities';
import { isProviderRole } from '../auth/permissions';
import { mayViewOutput as statusAllows } from '../outputs/repository';

/**
 * Who sees which output and feedback (accounts and people, "Feedback visibility"). Pure, so the
 * table tests walk every role; every read route goes through these.
 */

export interface Viewer {
  id: string;
  role: Role;
  schoolId: string | null;
}

export interface OutputFacts {
  userId: string;
  authorSchoolId: string | null;
  authorStatus: string;
  status: 'published' | 'pending' | 'rejected' | 'autosaved';
  isHidden: boolean;
}

/**
 * Whether the viewer may open the output: the outputs module's status rule (published for all;
 * pending, rejected and hidden for the author and staff roles; drafts for the author), within
 * the author's school (staff and admin: any school). One rule for the session list and the
 * viewer, so a card never opens onto a 404.
 */
export function mayViewOutput(viewer: Viewer, o: OutputFacts): boolean {
  if (viewer.id === o.userId) return true;
  if (o.authorStatus === 'withdrawn') return false;
  if (
    !isProviderRole(viewer.role) &&
    (viewer.schoolId === null || viewer.schoolId !== o.authorSchoolId)
  )
    return false;
  return statusAllows(viewer, { user_id: o.userId, status: o.status, is_hidden: o.isHidden });
}

export interface FeedbackFacts {
  userId: string;
  status: 'published' | 'pending' | 'rejected';
  hidden: boolean;
  reportedAt: number | null;
}

export interface FeedbackVisibility {
  awaitingApproval: boolean;
  canReact: boolean;
  /** Hidden from other pupils right now (flagged, or reported within the hour). */
  hidden: boolean;
}

/** Reported by another user less than an hour ago: hidden from other pupils meanwhile. */
const isReportHidden = (reportedAt: number | null, now: number): boolean =>
  reportedAt !== null && now - reportedAt < HIDDEN_FEEDBACK_MS;

/**
 * How one feedback appears to the viewer, or null when it is not shown. Published: to all, with
 * like and report for everyone but its author. Not published: 'awaiting approval' to its author
 * and the staff roles only, without like or report. Hidden (flagged, or reported by someone
 * else within the last hour): only its author and the staff roles see it.
 */
export function feedbackVisibility(
  viewer: Pick<Viewer, 'id' | 'role'>,
  f: FeedbackFacts,
  now: number,
): FeedbackVisibility | null {
  const own = viewer.id === f.userId;
  const privileged = own || isStaffRole(viewer.role);
  const hidden = f.hidden || isReportHidden(f.reportedAt, now);
  if (f.status !== 'published') {
    return privileged ? { awaitingApproval: true, canReact: false, hidden } : null;
  }
  if (hidden && !privileged) return null;
  return { awaitingApproval: false, canReact: !own, hidden };
}

/**
 * The instant before which a report no longer hides a feedback: SQL reads (feeds, the activity
 * panel, notifications) keep a feedback with `reported_at` null or before it (issue 26), the
 * same rule as `isReportHidden`.
 */
export const reportHideCutoff = (now: number): Date => new Date(now - HIDDEN_FEEDBACK_MS);
