import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/features/auth';
import { notificationsQuery } from '@/features/notifications';
import { prefetchHomeProfileReads } from '@/features/profile';
import { latestProjectQuery, pinnedSlidesQuery, projectSectionsVisible } from '@/features/projects';
import { initiallyMobile } from '../mobile-query';
import { homeArticlesQuery } from './articles';
import { liveSessionsQuery, sessionsQuery } from './get-sessions';
import { violationsQuery } from './violations';

/**
 * Starts the reads of home's first view (the router's loader for `/`), so they travel alongside
 * `/v1/me` and the page's chunks instead of each waiting for the part that shows it to render
 * (issue 10): the sessions lists, the notifications the daily popup reads, the violation notices,
 * the news, and, once the own record is in, the own profile's pieces and, where this screen shows
 * them, the project sections' reads. Not awaited: the page's queries show their loading, errors
 * and retries as usual and take these answers instead of asking again. The rooms list, which
 * follows the room hub, reads when it renders.
 */
export function prefetchHomeReads(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(sessionsQuery());
  void queryClient.prefetchQuery(liveSessionsQuery());
  void queryClient.prefetchQuery(notificationsQuery('all'));
  void queryClient.prefetchQuery(violationsQuery());
  void queryClient.prefetchQuery(homeArticlesQuery());
  queryClient.fetchQuery(meQueryOptions()).then(
    (me) => {
      prefetchHomeProfileReads(queryClient, me._id);
      // The project sections, when the page will show them (the same rule, on this screen).
      if (projectSectionsVisible(me.groups, initiallyMobile())) {
        void queryClient.prefetchQuery(latestProjectQuery());
        void queryClient.prefetchQuery(pinnedSlidesQuery());
        void queryClient.prefetchQuery(notificationsQuery('projectFeedbackAll'));
      }
    },
    // The shell shows what went wrong with the own record.
    () => undefined,
  );
}
