import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ListVotesResponse, VoteResponse, type VoteTally } from '@/contracts/api/sessions';
import { apiClient } from '@/lib/api-client';
import { sessionRead } from '@/features/live/queries';

/*
 * Tallies are not polled (issue 14): in a room the hub pushes every changed tally (and a
 * reconnect re-reads); a solo page hears session-wide ballots as session changes.
 */

const base = (sessionId: string) => `/v1/session/${encodeURIComponent(sessionId)}`;
const votesKey = (sessionId: string, streamId: string | null, voteKey: string) =>
  ['session', sessionId, 'votes', streamId, voteKey] as const;

/** GET /v1/session/{id}/votes: the tally of one vote moment (in this room, or session-wide). */
async function fetchVoteTally(
  sessionId: string,
  streamId: string | null,
  voteKey: string,
): Promise<VoteTally | null> {
  const { items } = await apiClient.request(ListVotesResponse, {
    url: `${base(sessionId)}/votes`,
    params: streamId ? { streamId, voteKey } : { voteKey },
  });
  return items.find((t) => t.voteKey === voteKey) ?? null;
}

export function useVoteTally(sessionId: string, streamId: string | null, voteKey: string) {
  return useQuery({
    queryKey: votesKey(sessionId, streamId, voteKey),
    queryFn: () => fetchVoteTally(sessionId, streamId, voteKey),
    meta: sessionRead(sessionId, 'vote'),
  });
}

/** Takes a tally the hub pushed; the push carries no `mine`, so the viewer's own vote is kept. */
export function receiveVoteTally(
  queryClient: QueryClient,
  sessionId: string,
  streamId: string | null,
  tally: VoteTally,
): void {
  queryClient.setQueryData<VoteTally | null>(
    votesKey(sessionId, streamId, tally.voteKey),
    (old) => ({ ...tally, mine: old?.mine ?? null }),
  );
}

/** POST /v1/session/{id}/vote (first answer) or PUT /v1/session/{id}/vote/{voteId} (a change). */
export function useCastVote(sessionId: string, streamId: string | null, voteKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ choice, voteId }: { choice: string; voteId: string | null }) => {
      const { tally } = voteId
        ? await apiClient.request(VoteResponse, {
            method: 'PUT',
            url: `${base(sessionId)}/vote/${encodeURIComponent(voteId)}`,
            data: { choice },
          })
        : await apiClient.request(VoteResponse, {
            method: 'POST',
            url: `${base(sessionId)}/vote`,
            data: streamId ? { voteKey, choice, streamId } : { voteKey, choice },
          });
      return tally;
    },
    onSuccess: (tally) => queryClient.setQueryData(votesKey(sessionId, streamId, voteKey), tally),
  });
}
