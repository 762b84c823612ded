import { isApiError } from '@/lib/api-errors';

/** Keys under `login:error.*`. */
export type LoginErrorKey =
  | 'invalidAccountOrPassword'
  | 'suspendedTeacher'
  | 'suspendedMember'
  | 'unknown'
  | 'weakNetwork'
  | 'rateLimited'
  | 'busy'
  | 'googleUnlinked'
  | 'microsoftUnlinked'
  | 'alreadyLinked'
  | 'popupBlocked';

/** The spec's login error catalogue: the message follows the HTTP status of the login call. */
export function loginErrorKey(error: unknown): LoginErrorKey {
  if (!isApiError(error)) return 'weakNetwork';
  switch (error.status) {
    case 401:
      return 'invalidAccountOrPassword';
    case 403:
      return error.message.includes('Teacher') ? 'suspendedTeacher' : 'suspendedMember';
    case 400:
    case 500:
      return 'unknown';
    case 429:
      // Not in the spec's catalogue; a message of our own (docs/decisions/0107-login-page.md).
      return 'rateLimited';
    case 503:
      // The server sheds load at a rush (issue 30); the form waits it out (login-machine.ts).
      return 'busy';
    default:
      return 'weakNetwork';
  }
}

/**
 * Failures after the credentials were accepted (loading the user, recording the terms): the
 * account is fine, so only "no connection" or "something went wrong" make sense.
 */
export function followUpErrorKey(error: unknown): LoginErrorKey {
  if (isApiError(error) && error.status === 0) return 'weakNetwork';
  return isApiError(error) ? 'unknown' : 'weakNetwork';
}
