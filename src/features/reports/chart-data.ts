import type { ReportMemberRow, ReportSessionRow } from '@/contracts/api/reports';

/** One point of the per-session charts: the session's start date and its counts. */
export interface SessionPoint {
  sessionId: string;
  title: string;
  startTime: number;
  joined: number;
  members: number;
  /** Joined members as a whole percentage of the group's members (0 without members). */
  participation: number;
  feedbackGiven: number;
  feedbackReceived: number;
}

/** The per-session charts read left to right in time: oldest session first. */
export function sessionPoints(rows: readonly ReportSessionRow[]): SessionPoint[] {
  return [...rows]
    .sort((a, b) => a.startTime - b.startTime || a.sessionId.localeCompare(b.sessionId))
    .map((r) => ({
      sessionId: r.sessionId,
      title: r.title,
      startTime: r.startTime,
      joined: r.joined,
      members: r.members,
      participation: r.members === 0 ? 0 : Math.round((r.joined / r.members) * 100),
      feedbackGiven: r.feedbackGiven,
      feedbackReceived: r.feedbackReceived,
    }));
}

/** One bar of the outputs histogram: how many pupils posted `outputs` outputs. */
export interface OutputBucket {
  /** "0", "1", … and, for the last bucket when capped, "10+". */
  outputs: string;
  pupils: number;
}

/** Past this many outputs pupils share one last bar, so a keen writer does not flatten the rest. */
export const OUTPUT_BUCKET_CAP = 10;

/**
 * The distribution of outputs per pupil (members only: teachers and supporters are not pupils):
 * one bar per count from 0 to the highest, every count shown even when no pupil has it, so the
 * gaps read as gaps; counts at or above OUTPUT_BUCKET_CAP share the last bar.
 */
export function outputDistribution(rows: readonly ReportMemberRow[]): OutputBucket[] {
  const pupils = rows.filter((r) => r.role === 'member');
  if (pupils.length === 0) return [];
  const highest = Math.min(Math.max(...pupils.map((r) => r.outputs)), OUTPUT_BUCKET_CAP);
  const buckets: OutputBucket[] = Array.from({ length: highest + 1 }, (_, i) => ({
    outputs: i === OUTPUT_BUCKET_CAP ? `${i}+` : String(i),
    pupils: 0,
  }));
  for (const r of pupils) buckets[Math.min(r.outputs, OUTPUT_BUCKET_CAP)]!.pupils += 1;
  return buckets;
}
