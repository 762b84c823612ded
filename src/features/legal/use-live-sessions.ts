import { useQuery } from '@tanstack/react-query';
import { liveSessionsKey } from './queries';
import {
  selectLiveSessions,
  type LiveSessionCandidate,
  type LiveSessionItem,
} from './live-sessions';

export type FetchLiveSessions = () => Promise<readonly LiveSessionCandidate[]>;

export type LiveSessionsState = {
  liveSessions: LiveSessionItem[];
  loading: boolean;
  error: boolean;
};

/**
 * Loads sessions through the function the app supplies (the sessions API belongs to another
 * feature) and keeps only the live ones. The clock is a parameter so the rule can be tested.
 */
export function useLiveSessions(
  fetchLiveSessions: FetchLiveSessions,
  now: () => number = Date.now,
  /** The reader's language: titles are fetched again when it changes (issue 9, item 15). */
  lang = 'ja',
): LiveSessionsState {
  const query = useQuery({
    queryKey: liveSessionsKey(lang),
    queryFn: () => fetchLiveSessions(),
  });
  return {
    liveSessions: query.data ? selectLiveSessions(query.data, now()) : [],
    loading: query.isPending,
    error: query.isError,
  };
}
