import * as z from 'zod/mini';

/** The OpenID Connect providers the product knows. */
export const OAuthProvider = z.enum(['google', 'microsoft']);
export type OAuthProvider = z.infer<typeof OAuthProvider>;

/** GET /v2/oauth/providers: the providers configured on this server (public). */
export const OAuthProvidersResponse = z.object({ items: z.array(OAuthProvider) });

export const OAuthMode = z.enum(['login', 'link']);
export type OAuthMode = z.infer<typeof OAuthMode>;

/** GET /v1/oauth/{provider}?mode=login|link: the provider page to open in the popup. */
export const OAuthStartResponse = z.object({
  item: z.object({ url: z.url(), csrfToken: z.string().check(z.minLength(1)) }),
});

/** POST /v1/oauth/{provider} (sign in) and PUT (link, signed in): an id_token of this attempt. */
export const OAuthIdTokenRequest = z.object({
  id_token: z.string().check(z.minLength(1), z.maxLength(16_384)),
  csrfToken: z.string().check(z.minLength(1), z.maxLength(256)),
  email: z.optional(z.string().check(z.maxLength(320))),
});

/** PUT /v1/oauth/{provider}: the identity is linked to the signed-in user. */
export const OAuthLinkResponse = z.object({ linked: z.literal(true) });

/** Why a popup attempt failed, as the popup reports it to the opener. */
export const OAuthFailure = z.enum([
  'unlinked',
  'alreadyLinked',
  'suspendedTeacher',
  'suspendedMember',
  'cancelled',
  'failed',
]);
export type OAuthFailure = z.infer<typeof OAuthFailure>;

/** The message the callback popup posts to its opener (the app's own origin only). */
export const OAuthPopupMessage = z.discriminatedUnion('result', [
  z.object({
    type: z.literal('tomoni.oauth'),
    provider: OAuthProvider,
    result: z.literal('signedIn'),
    token: z.string().check(z.minLength(1), z.maxLength(4096)),
    refreshToken: z.string().check(z.minLength(1), z.maxLength(512)),
  }),
  z.object({
    type: z.literal('tomoni.oauth'),
    provider: OAuthProvider,
    result: z.literal('linked'),
  }),
  z.object({
    type: z.literal('tomoni.oauth'),
    provider: OAuthProvider,
    result: z.literal('failed'),
    reason: OAuthFailure,
  }),
]);
export type OAuthPopupMessage = z.infer<typeof OAuthPopupMessage>;
