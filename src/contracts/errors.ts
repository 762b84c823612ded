import * as z from 'zod/mini';

/**
 * Error codes the server returns in `{ error: { code, message } }`. The client maps each code to a
 * translated message; a message from the server is never shown as HTML.
 */
export const ErrorCode = z.enum([
  'badRequest', // a body, query or parameter failed its contract
  'payloadTooLarge',
  'unauthorized', // missing or invalid access token
  'invalidAccountOrPassword', // login: wrong account or password (401)
  'suspended', // login: account or group suspended (403)
  'invalidRefreshToken',
  'forbidden', // authenticated but not allowed
  'notFound',
  'conflict',
  'tooManyRequests',
  'serverBusy', // the server sheds load before it queues (issue 30): 503 with Retry-After
  'termsNotAgreed',
  'invalidPassword', // own password change: current password does not match
  'needToChangePassword', // new password equals the current one
  'weakPassword', // too short for the account's role, or a single repeated character
  'commonPassword', // on the common/breached password list (issue 8)
  'profileChangeRestricted', // display name changed within 31 days
  'textNotAllowed', // screening (issue 8): contact details or abuse in a channel without review
  'participantLimit', // joining a session: the room is full
  'guestRestricted', // guest accounts cannot post outputs
  'alreadyLinked', // OpenID account already linked to another user
  'unlinked', // OpenID account not linked to any user
  // Comments (issue 8)
  'commentRefused', // a session or live comment failed the screening (contact details, abuse)
  'commentsPaused', // the room's host paused live comments
  // Studio (issue 15)
  'unsupportedMedia', // an upload that is not an MP4, WebM or MOV video
  'captionInvalid', // a caption file that is neither valid WebVTT nor SRT
  'transcoderMissing', // no ffmpeg: uploads cannot be turned into HLS on this server
  // Web Push (issue 25)
  'pushEndpointRefused', // a subscription whose endpoint is not a known push service over https
  // Safeguarding (issue 26)
  'concernRaised', // a post that says the pupil may hurt themselves: kept for an adult, not published
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The body of every error response. */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    /** Which field failed, for validation errors (dotted path). */
    fields: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** HTTP status for each code, so server and client agree. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  badRequest: 400,
  payloadTooLarge: 413,
  unauthorized: 401,
  invalidAccountOrPassword: 401,
  suspended: 403,
  invalidRefreshToken: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  serverBusy: 503,
  termsNotAgreed: 403,
  invalidPassword: 400,
  needToChangePassword: 400,
  weakPassword: 400,
  commonPassword: 400,
  profileChangeRestricted: 400,
  textNotAllowed: 400,
  participantLimit: 409,
  guestRestricted: 403,
  alreadyLinked: 409,
  unlinked: 401,
  commentRefused: 400,
  commentsPaused: 409,
  pushEndpointRefused: 400,
  concernRaised: 422,
  unsupportedMedia: 415,
  captionInvalid: 400,
  transcoderMissing: 503,
  internal: 500,
};
