import type { ErrorCode } from '@/contracts/errors';

/**
 * What a failed call looks like to the app (issue 28: apart from the request function, so a view
 * can read an error without being able to send a request).
 */

/** Codes the client adds to the server's: no response at all, or a body that broke its contract. */
export type ApiErrorCode = ErrorCode | 'network' | 'contractMismatch' | 'unknown';

/** Every failed call surfaces as one of these; `status` is 0 when no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: ReadonlyArray<{ path: string; message: string }>;
  /** On a 429 or 503: the seconds the server asked to wait (Retry-After), else null. */
  readonly retryAfterS: number | null;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields: ReadonlyArray<{ path: string; message: string }> = [],
    retryAfterS: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterS = retryAfterS;
  }
}

/**
 * The answers that ask the caller to come back later rather than saying no: 429 (this caller's
 * budget is spent) and 503 (the server sheds load before it queues, issue 30). Nothing was done
 * for either, so any call may be sent again once the wait is over.
 */
export const isWaitStatus = (status: number | undefined): boolean =>
  status === 429 || status === 503;

/** The longest Retry-After the client honours; a longer one is treated as this. */
const MAX_RETRY_AFTER_S = 120;

/**
 * Seconds from a Retry-After header (delta-seconds or an HTTP date), at least 1 and at most
 * MAX_RETRY_AFTER_S; null when the header is absent or unreadable.
 */
export function retryAfterSeconds(value: unknown, now = Date.now()): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const seconds = /^\d+$/.test(value.trim())
    ? Number(value.trim())
    : (Date.parse(value) - now) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(seconds)));
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The window event every `concernRaised` answer raises (issue 26): the layout shows the help. */
export const CONCERN_RAISED_EVENT = 'tomoni:concern-raised';
