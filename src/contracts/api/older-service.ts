import { z } from 'zod';
import { Comment, EpochMs, Id } from '../entities';

/**
 * The older service's own calls (core platform §7, "Older service"), served under /v0 (docs/operations.md).
 * The calls a /v1 handler answers are aliases with the /v1 contracts (server routes/legacy.ts).
 */

/**
 * POST /v0/password-reset: a pupil who forgot their password asks their teachers for a new one.
 * The answer is `true` for every well-formed request, known account or not, so the call cannot
 * tell anyone which account names exist; the client swallows failures (spec).
 */
export const PasswordResetRequest = z
  .object({ username: z.string().trim().min(1).max(64) })
  .strict();
export const PasswordResetResponse = z.boolean();

/** GET /v0/app-info?platform=: the current and the oldest supported version of the app. */
const AppPlatform = z.enum(['web', 'ios', 'android']);
export const AppInfoQuery = z.object({ platform: AppPlatform });
export const AppInfoResponse = z.object({
  item: z.object({
    platform: AppPlatform,
    currentVersion: z.string(),
    minimumVersion: z.string(),
  }),
});

/** GET /v0/surveys?id=: the survey and whether the caller has answered it. */
const SURVEY_ID_MAX = 100;
/**
 * A survey id: lower-case letters, digits and hyphens, starting with a letter or digit (e.g.
 * `term-1`, `2026-spring`) — never free text (issue 25, hole 7).
 */
const SurveyId = z
  .string()
  .trim()
  .max(SURVEY_ID_MAX)
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'surveyId');
export const SurveyQuery = z.object({ id: SurveyId });
export const SurveyParams = z.object({ id: SurveyId });
/** Bounds of one survey's answers: keys, their names and values, and the whole as JSON. */
const SURVEY_MAX_KEYS = 50;
const SURVEY_VALUE_MAX = 1000;
/** The answers as JSON, in characters (at most 48 KiB of UTF-8). */
const SURVEY_ANSWERS_MAX_CHARS = 16 * 1024;
const SurveyAnswers = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'surveyKey'),
    z.union([z.string().max(SURVEY_VALUE_MAX), z.number().finite(), z.boolean()]),
  )
  .refine((a) => Object.keys(a).length <= SURVEY_MAX_KEYS, 'tooManyKeys')
  .refine((a) => JSON.stringify(a).length <= SURVEY_ANSWERS_MAX_CHARS, 'tooLarge');
export const SurveyResponse = z.object({
  item: z.object({
    id: z.string(),
    /** The caller's identification number (group name before '_', '_', account name); null without a group. */
    identification: z.string().nullable(),
    answered: z.boolean(),
    answers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable(),
    updatedAt: z.nullable(EpochMs),
  }),
});
/** PUT /v0/surveys/{id}: the caller's answers (replacing earlier ones). */
export const PutSurveyRequest = z.object({ answers: SurveyAnswers }).strict();

/** Articles: news items staff publish, shown in the home banners. */
export const ARTICLE_TITLE_MAX = 80;
export const ARTICLE_BODY_MAX = 2000;
export const Article = z.object({
  id: Id,
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  /** null: every school (written by provider staff). */
  schoolId: z.nullable(Id),
  publishedAt: z.nullable(EpochMs),
  /** When staff withdrew it after publishing (issue 24); readers no longer see it. */
  withdrawnAt: z.optional(z.nullable(EpochMs)),
  updatedAt: EpochMs,
});
export type Article = z.infer<typeof Article>;
/** GET /v0/articles (the published ones the caller may read), or ?id= for one. */
export const ArticlesQuery = z.object({
  id: z.optional(Id),
  pageSize: z.coerce.number().int().min(1).max(50).optional(),
  drafts: z.enum(['true', 'false']).optional(),
});
export const ArticlesResponse = z.object({ items: z.array(Article) });
export const CreateArticleRequest = z
  .object({
    title: z.string().trim().min(1).max(ARTICLE_TITLE_MAX),
    body: z.string().trim().max(ARTICLE_BODY_MAX).default(''),
    url: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .nullable()
      .optional(),
    publish: z.boolean(),
    /** Provider staff may publish to every school (true); school staff publish to their school. */
    allSchools: z.boolean().optional(),
  })
  .strict();
export const ArticleResponse = z.object({ item: Article });
export const ArticleIdParams = z.object({ id: Id });
/**
 * PUT /v0/articles/{id} (issue 24): edit a news item's text, and publish it (`publish: true`) or
 * withdraw it (`publish: false`: readers stop seeing it at once; it is kept for staff).
 */
export const UpdateArticleRequest = z
  .object({
    title: z.string().trim().min(1).max(ARTICLE_TITLE_MAX).optional(),
    body: z.string().trim().max(ARTICLE_BODY_MAX).optional(),
    url: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .nullable()
      .optional(),
    publish: z.boolean().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });
export type UpdateArticleRequest = z.infer<typeof UpdateArticleRequest>;

/** POST /v0/inquiry: the contact form; it reaches the provider's admins. */
export const INQUIRY_SUBJECT_MAX = 100;
export const INQUIRY_BODY_MAX = 2000;
export const InquiryRequest = z
  .object({
    subject: z.string().trim().min(1).max(INQUIRY_SUBJECT_MAX),
    body: z.string().trim().min(1).max(INQUIRY_BODY_MAX),
    email: z.email().max(200).optional(),
  })
  .strict();
export const InquiryResponse = z.object({ item: z.object({ id: Id, createdAt: EpochMs }) });
export const INQUIRY_ANSWER_MAX = 1000;
export const INQUIRY_PAGE_SIZE = 20;
export const Inquiry = z.object({
  id: Id,
  subject: z.string(),
  body: z.string(),
  email: z.string(),
  user: z.object({ id: Id, displayName: z.string(), school: z.string().nullable() }).nullable(),
  createdAt: EpochMs,
  /** Issue 24: 'open' until an admin answers; the reply note is kept with the message. */
  status: z.enum(['open', 'answered']).optional(),
  answer: z.optional(z.nullable(z.string())),
  answeredAt: z.optional(z.nullable(EpochMs)),
  archivedAt: z.optional(z.nullable(EpochMs)),
});
export type Inquiry = z.infer<typeof Inquiry>;
/**
 * GET /v0/inquiry: one page of the inbox. Without `archived` (or `false`): messages not archived,
 * open ones first, each part newest first; `archived=true`: the archived ones, newest first.
 */
export const InquiriesQuery = z.object({
  archived: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).optional(),
});
export const InquiriesResponse = z.object({
  items: z.array(Inquiry),
  /** How many messages the filter holds (all pages). */
  total: z.optional(z.int().check(z.nonnegative())),
  page: z.optional(z.int().check(z.positive())),
  pageSize: z.optional(z.int().check(z.positive())),
});
export const InquiryIdParams = z.object({ id: Id });
/** POST /v0/inquiry/{id}/answer: the admin's reply note (answering again replaces it). */
export const AnswerInquiryRequest = z
  .object({ answer: z.string().trim().min(1).max(INQUIRY_ANSWER_MAX) })
  .strict();
/** POST /v0/inquiry/{id}/archive: archive (true) or bring back to the inbox (false). */
export const ArchiveInquiryRequest = z.object({ archived: z.boolean() }).strict();
export const InquiryItemResponse = z.object({ item: Inquiry });

/** GET /v0/session/{id}/comments/page: one page of a session's comments, newest first. */
export const CommentsPageQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  lastKey: z.string().max(200).optional(),
  type: z.enum(['SESSION', 'LIVE-JA', 'LIVE-EN']).optional(),
});
export const COMMENTS_PAGE_SIZE = 20;
export const CommentsPageResponse = z.object({
  items: z.array(Comment),
  /** The next page's lastKey; null on the last page. */
  lastKey: z.string().nullable(),
});
