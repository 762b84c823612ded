import { describe, expect, it } from 'vitest';
import type { ReportMemberRow, ReportSessionRow } from '@/contracts/api/reports';
import { OUTPUT_BUCKET_CAP, outputDistribution, sessionPoints } from './chart-data';

const session = (
  id: string,
  startTime: number,
  joined: number,
  members: number,
): ReportSessionRow => ({
  sessionId: id,
  title: `S${id}`,
  status: 'COMPLETE',
  startTime,
  members,
  joined,
  outputs: 0,
  feedbackGiven: 1,
  feedbackReceived: 2,
  reflections: 0,
});

const member = (
  id: string,
  outputs: number,
  role: ReportMemberRow['role'] = 'member',
): ReportMemberRow => ({
  userId: id,
  displayName: id,
  name: id,
  studentNumber: null,
  role,
  sessionsJoined: 0,
  outputs,
  feedbackGiven: 0,
  feedbackReceived: 0,
  reflections: 0,
});

describe('report chart data', () => {
  it('orders sessions oldest first and computes participation as a whole percentage', () => {
    const points = sessionPoints([session('b', 2000, 2, 3), session('a', 1000, 0, 0)]);
    expect(points.map((p) => p.sessionId)).toEqual(['a', 'b']);
    expect(points.map((p) => p.participation)).toEqual([0, 67]);
  });

  it('counts pupils per number of outputs, gaps included, members only', () => {
    const rows = [member('a', 0), member('b', 3), member('c', 3), member('t', 9, 'teacher')];
    expect(outputDistribution(rows)).toEqual([
      { outputs: '0', pupils: 1 },
      { outputs: '1', pupils: 0 },
      { outputs: '2', pupils: 0 },
      { outputs: '3', pupils: 2 },
    ]);
    expect(outputDistribution([member('t', 1, 'teacher')])).toEqual([]);
  });

  it('puts counts at or above the cap in one last bar', () => {
    const buckets = outputDistribution([
      member('a', 40),
      member('b', OUTPUT_BUCKET_CAP),
      member('c', 1),
    ]);
    expect(buckets).toHaveLength(OUTPUT_BUCKET_CAP + 1);
    expect(buckets.at(-1)).toEqual({ outputs: `${OUTPUT_BUCKET_CAP}+`, pupils: 2 });
    expect(buckets.reduce((n, b) => n + b.pupils, 0)).toBe(3);
  });
});
