import { UpdateUserResponse, type UpdateUserRequest } from '@/contracts/api/users';
import { TERMS_AGREEMENT_VERSION } from '@/contracts/constants';
import type { Me } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';

/**
 * PUT /v1/user/{_id}, its one owner (issue 28): the terms, the cookie answer, the notifications'
 * read mark, the display name, the language, the own password, and a staff member setting a
 * group member's password (only `password` sent). Throws ApiError with the server's code.
 */
export async function updateUser(userId: string, body: UpdateUserRequest): Promise<Me> {
  const { item } = await apiClient.request(UpdateUserResponse, {
    method: 'put',
    url: `/v1/user/${encodeURIComponent(userId)}`,
    data: body,
  });
  return item;
}

/** Records that the user agreed to the current terms of use. */
export function agreeToTerms(userId: string): Promise<Me> {
  return updateUser(userId, { termsAgreementVersion: TERMS_AGREEMENT_VERSION });
}
