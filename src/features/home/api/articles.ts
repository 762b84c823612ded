import { queryOptions } from '@tanstack/react-query';
import { ArticlesResponse } from '@/contracts/api/older-service';
import { apiClient } from '@/lib/api-client';

/** How many of the newest articles the home page shows. */
export const HOME_ARTICLES = 3;

/** GET /v0/articles?pageSize=3: the news card's newest articles. */
export const homeArticlesQuery = () =>
  queryOptions({
    queryKey: ['articles', 'home'],
    queryFn: async () =>
      (
        await apiClient.request(ArticlesResponse, {
          url: '/v0/articles',
          params: { pageSize: HOME_ARTICLES },
        })
      ).items,
    // Read again whenever home mounts or the window regains focus: a news item staff withdraw
    // must leave the card at once (issue 24), and the call is small.
    staleTime: 0,
  });
