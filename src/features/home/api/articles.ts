import { queryOptions } from '@tanstack/react-query';
import { articlesQuery } from '@/features/news/queries';

/** How many of the newest articles the home page shows. */
const HOME_ARTICLES = 3;

/** The news card's newest articles, through news' one reader of GET /v0/articles. */
export const homeArticlesQuery = () =>
  queryOptions({
    ...articlesQuery({ pageSize: HOME_ARTICLES }),
    // Read again on the next visit to home, not kept for minutes: a news item staff withdraw
    // leaves the card then (issue 24). Not 0: the loader's read and the card's mount, moments
    // apart in one load, share one answer (home.test.ts counts each read once).
    staleTime: 10_000,
  });
