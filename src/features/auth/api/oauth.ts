import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  OAuthProvidersResponse,
  OAuthStartResponse,
  type OAuthMode,
  type OAuthProvider,
} from '@/contracts/api/oauth';
import { apiClient } from '@/lib/api-client';

/** GET /v2/oauth/providers: which sign-in providers this server has configured. */
async function fetchOAuthProviders(): Promise<OAuthProvider[]> {
  const { items } = await apiClient.request(OAuthProvidersResponse, { url: '/v2/oauth/providers' });
  return items;
}

/** The configured providers' query (the login route's loader starts it, the page reads it). */
export const oauthProvidersQuery = () =>
  queryOptions({
    queryKey: ['oauth', 'providers'],
    queryFn: fetchOAuthProviders,
    staleTime: Infinity,
    retry: 1,
  });

/** The configured providers; empty until known (the buttons stay inert meanwhile). */
export const useOAuthProviders = () => useQuery(oauthProvidersQuery());

/**
 * GET /v1/oauth/{provider}?mode=…: the server starts an attempt (state, nonce and PKCE kept in an
 * http-only cookie) and answers the provider page to open. Link mode needs the signed-in user.
 */
export async function startOAuth(
  provider: OAuthProvider,
  mode: OAuthMode,
): Promise<{ url: string; csrfToken: string }> {
  const { item } = await apiClient.request(OAuthStartResponse, {
    url: `/v1/oauth/${provider}`,
    params: { mode },
  });
  return item;
}
