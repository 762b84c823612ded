import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-errors';

/**
 * Reads retry only when a retry can help (no response or a 5xx), twice at most; a 4xx answer
 * will not change. Mutations follow the API client's own retry rule instead.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && isApiError(error) && (error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
