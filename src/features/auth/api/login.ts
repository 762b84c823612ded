import { AuthTokens, type LoginRequest } from '@/contracts/api/auth';
import { apiClient } from '@/lib/api-client';

/** POST /v1/auth/login: exchanges account name and password for a token pair. */
export function login(credentials: LoginRequest): Promise<AuthTokens> {
  return apiClient.request(AuthTokens, {
    method: 'post',
    url: '/v1/auth/login',
    data: credentials,
  });
}
