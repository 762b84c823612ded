import { isApiError } from '@/lib/api-errors';

const KNOWN = [
  'forbidden',
  'notFound',
  'badRequest',
  'unsupportedMedia',
  'captionInvalid',
  'transcoderMissing',
  'network',
] as const;
type Known = (typeof KNOWN)[number];

/** The studio's message for a failed call, by the server's error code. */
export function errorMessageKey(error: unknown): `error.${Known | 'unknown'}` {
  if (isApiError(error) && (KNOWN as readonly string[]).includes(error.code)) {
    return `error.${error.code as Known}`;
  }
  return 'error.unknown';
}
