import type { QueryClient } from '@tanstack/react-query';
import { profileQuery } from './get-profile';
import { myActivitiesQuery, userOutputsQuery } from './profile-lists';

/**
 * Starts the reads of the profile pieces home shows (its header, the activity panel on its first
 * tab, the recent outputs), for home's loader (issue 10). Not awaited; the pieces' queries take
 * the answers.
 */
export function prefetchHomeProfileReads(queryClient: QueryClient, userId: string): void {
  void queryClient.prefetchQuery(profileQuery(userId));
  void queryClient.prefetchQuery(userOutputsQuery(userId));
  void queryClient.prefetchQuery(myActivitiesQuery('toMe'));
}
