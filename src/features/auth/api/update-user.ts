import { UpdateUserResponse, type UpdateUserRequest } from '@/contracts/api/users';
import { TERMS_AGREEMENT_VERSION } from '@/contracts/constants';
import type { Me } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';

/** PUT /v1/user/{_id}: updates fields of the user's own record. */
async function updateUser(userId: string, body: UpdateUserRequest): Promise<Me> {
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
