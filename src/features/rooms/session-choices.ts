import type { SessionSummary } from '@/contracts/api/sessions';
import { formatDateTime } from '@/lib/time';

type Lang = 'ja' | 'en';

/** A session's kind as a room sees it: live (scheduled, with its start) or an archive. */
const sessionKind = (s: Pick<SessionSummary, 'status'>): 'live' | 'archive' =>
  s.status === 'COMPLETE' ? 'archive' : 'live';

/**
 * The room form's session choices (issue 9): only sessions that can be watched, live ones first
 * by start time and labelled with it, then archives, each with its kind, so twin titles are told
 * apart. `t` gives the words ('form.kindLive' with {{time}}, 'form.kindArchive',
 * 'form.groupLive', 'form.groupArchive').
 */
export function sessionChoiceGroups(
  sessions: readonly SessionSummary[],
  lang: Lang,
  t: (key: string, options?: Record<string, unknown>) => string,
): Array<{ group: string; items: Array<{ value: string; label: string }> }> {
  const title = (s: SessionSummary) => s[lang]?.title || s.title;
  const watchable = sessions.filter((s) => s.isWatchable && s.status !== 'PRIVATE');
  const live = watchable
    .filter((s) => sessionKind(s) === 'live')
    .sort((a, b) => a.startTime - b.startTime)
    .map((s) => ({
      value: s.id,
      label: `${title(s)} — ${t('form.kindLive', { time: formatDateTime(s.startTime) })}`,
    }));
  const archive = watchable
    .filter((s) => sessionKind(s) === 'archive')
    .sort((a, b) => b.startTime - a.startTime)
    .map((s) => ({ value: s.id, label: `${title(s)} — ${t('form.kindArchive')}` }));
  return [
    ...(live.length > 0 ? [{ group: t('form.groupLive'), items: live }] : []),
    ...(archive.length > 0 ? [{ group: t('form.groupArchive'), items: archive }] : []),
  ];
}
