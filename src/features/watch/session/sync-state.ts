import type { FollowerStatus, TransportStatus } from '@/engine';

/** What the sync indicator says about one player. */
export type SyncState = 'inSync' | 'catchingUp' | 'buffering' | 'offline';

/** Drift (ms) shown as "in sync"; matches the benchmark's steady-state target. */
const IN_SYNC_MS = 150;
/** A participant report older than this (ms) shows the participant as offline. */
export const REPORT_STALE_MS = 6000;

/** The indicator for this follower: connection first, then stalls, then drift and corrections. */
export const followerSyncState = (
  transport: TransportStatus,
  status: Pick<FollowerStatus, 'driftMs' | 'buffering' | 'state'> | null,
): SyncState => {
  if (transport !== 'open') return 'offline';
  if (!status) return 'catchingUp';
  if (status.buffering) return 'buffering';
  if (status.state === 'seeking' || Math.abs(status.driftMs) > IN_SYNC_MS) return 'catchingUp';
  return 'inSync';
};

/** The host's view of one participant from their last report (server time `at`). */
export const participantSyncState = (
  report: { driftMs: number; buffering: boolean; at: number } | undefined,
  serverNow: number,
): SyncState | null => {
  if (!report) return null;
  if (serverNow - report.at > REPORT_STALE_MS) return 'offline';
  if (report.buffering) return 'buffering';
  return Math.abs(report.driftMs) > IN_SYNC_MS ? 'catchingUp' : 'inSync';
};

/** A drift for display: signed, whole milliseconds under a second, else seconds with one decimal. */
export const formatDrift = (driftMs: number): string => {
  const sign = driftMs > 0 ? '+' : driftMs < 0 ? '−' : '±';
  const abs = Math.abs(driftMs);
  return abs < 1000 ? `${sign}${Math.round(abs)} ms` : `${sign}${(abs / 1000).toFixed(1)} s`;
};

/** m:ss (or h:mm:ss) for a position in seconds. */
export const formatPosition = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};
