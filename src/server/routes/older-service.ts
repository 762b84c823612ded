import {
  AppInfoQuery,
  AppInfoResponse,
  ArticleResponse,
  ArticlesQuery,
  ArticlesResponse,
  CommentsPageQuery,
  CommentsPageResponse,
  COMMENTS_PAGE_SIZE,
  CreateArticleRequest,
  AnswerInquiryRequest,
  ArchiveInquiryRequest,
  ArticleIdParams,
  InquiriesQuery,
  InquiriesResponse,
  InquiryIdParams,
  InquiryItemResponse,
  INQUIRY_PAGE_SIZE,
  InquiryRequest,
  UpdateArticleRequest,
  InquiryResponse,
  PasswordResetRequest,
  PasswordResetResponse,
  PutSurveyRequest,
  SurveyParams,
  SurveyQuery,
  SurveyResponse,
} from '../../contracts/api/older-service';
import { SessionIdParams } from '../../contracts/api/sessions';
import { CommentService } from '../sessions/comments';
import { requireVisibleSession } from '../sessions/access';
import { isStaffRole } from '../../contracts/entities';
import { isBlocked } from '../auth/permissions';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import { callerKey, keyedLimiter } from '../http/limits';
import type { UserRow } from '../users/repository';
import { createArticle, listArticles, updateArticle } from '../older-service/articles';
import {
  answerInquiry,
  archiveInquiry,
  createInquiry,
  findInquiry,
  listInquiries,
} from '../older-service/inquiries';
import { requestPasswordReset } from '../older-service/password-reset';
import { answeredSurveyIds, saveSurveyAnswers, surveyOf } from '../older-service/surveys';
import { LEGACY_PREFIX } from '../http/legacy-aliases';
import type { App } from '../http/app-type';

/**
 * Password-reset budgets per PASSWORD_RESET_WINDOW_MS (issue 25, hole 5): a whole school asks
 * from one address, so the tight budget is per account name asked for; the address has a
 * generous ceiling against floods only.
 */
const PASSWORD_RESET_PER_ACCOUNT = 5;
const PASSWORD_RESET_PER_ADDRESS = 300;
const PASSWORD_RESET_WINDOW_MS = 15 * 60_000;

/** Contact-form budgets per account (issue 25, hole 4): a few a quarter hour, a day's ceiling. */
const INQUIRY_LIMITS = [
  { max: 5, windowMs: 15 * 60_000 },
  { max: 20, windowMs: 24 * 60 * 60_000 },
] as const;

/** Survey budgets per account (issue 25, hole 7): saves per 10 minutes, surveys answered at all. */
const SURVEY_SAVES_PER_10_MIN = 30;
const SURVEYS_PER_ACCOUNT = 20;

/** Push text the sender of a contact message gets when an admin answers it (issue 24). */
const INQUIRY_ANSWERED_TEXT = {
  ja: 'お問い合わせに返信がありました。',
  en: 'Your message to Tomoni has been answered.',
} as const;

/**
 * The older service's calls that have no /v1 twin (issue 14): password reset, app info,
 * surveys, articles, the contact form and paged session comments. The aliases of /v1 handlers
 * are in legacy.ts; payments are not served (docs/decisions/0172-spec-calls-not-served.md).
 */
export async function olderServiceRoutes(app: App): Promise<void> {
  const P = LEGACY_PREFIX;
  const byCaller = (req: FastifyRequest) => callerKey(app, req);
  const resetPerAccount = keyedLimiter(app, {
    max: PASSWORD_RESET_PER_ACCOUNT,
    windowMs: PASSWORD_RESET_WINDOW_MS,
    key: (req) => {
      const parsed = PasswordResetRequest.safeParse(req.body);
      return parsed.success ? `account:${parsed.data.username.toLowerCase()}` : null;
    },
  });
  const resetPerAddress = keyedLimiter(app, {
    max: PASSWORD_RESET_PER_ADDRESS,
    windowMs: PASSWORD_RESET_WINDOW_MS,
    key: (req) => `ip:${req.ip}`,
  });
  const inquiryLimits = INQUIRY_LIMITS.map((l) => keyedLimiter(app, { ...l, key: byCaller }));
  const surveySaves = keyedLimiter(app, {
    max: SURVEY_SAVES_PER_10_MIN,
    windowMs: 10 * 60_000,
    key: byCaller,
  });

  // ---- password reset ----------------------------------------------------------------------
  app.post(
    `${P}/password-reset`,
    {
      schema: { body: PasswordResetRequest, response: { 200: PasswordResetResponse } },
      // Counted by keyedLimiter below (per account name asked for, and per address), not by
      // the general per-address budget.
      config: { rateLimit: false },
    },
    async (req) => {
      await resetPerAddress(req);
      await resetPerAccount(req);
      // Everyone gets the same answer so the call tells nobody which account names exist.
      await requestPasswordReset(app.db, req.body.username, req.ip);
      return true;
    },
  );

  // ---- app info ----------------------------------------------------------------------------
  app.get(
    `${P}/app-info`,
    { schema: { querystring: AppInfoQuery, response: { 200: AppInfoResponse } } },
    async (req) => {
      const info = app.config.appInfo[req.query.platform];
      return { item: { platform: req.query.platform, ...info } };
    },
  );

  // ---- surveys -----------------------------------------------------------------------------
  const surveyItem = async (user: UserRow, id: string) => ({
    item: await surveyOf(app.db, await app.permissions.subject(user), user.account, id),
  });

  app.get(
    `${P}/surveys`,
    { schema: { querystring: SurveyQuery, response: { 200: SurveyResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return surveyItem(user, req.query.id);
    },
  );

  app.put(
    `${P}/surveys/:id`,
    { schema: { params: SurveyParams, body: PutSurveyRequest, response: { 200: SurveyResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      if (isBlocked(scope)) throw new AppError('forbidden', 'This account is suspended');
      await surveySaves(req);
      const answered = await answeredSurveyIds(app.db, scope);
      if (answered.length >= SURVEYS_PER_ACCOUNT && !answered.includes(req.params.id))
        throw new AppError('conflict', 'This account has answered as many surveys as it may', [
          { path: 'id', message: `at most ${SURVEYS_PER_ACCOUNT} surveys` },
        ]);
      await saveSurveyAnswers(app.db, scope, req.params.id, req.body.answers);
      return surveyItem(user, req.params.id);
    },
  );

  // ---- articles ----------------------------------------------------------------------------
  /** The caller's scope when they hold a staff role and are not blocked; else 403. */
  async function staffScope(req: FastifyRequest) {
    const { user } = await app.auth.require(req);
    if (!isStaffRole(user.role)) throw new AppError('forbidden', 'Staff roles only');
    const scope = await app.permissions.subject(user);
    if (isBlocked(scope)) throw new AppError('forbidden', 'Staff roles only');
    return scope;
  }

  app.get(
    `${P}/articles`,
    { schema: { querystring: ArticlesQuery, response: { 200: ArticlesResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const items = await listArticles(app.db, await app.permissions.subject(user), {
        drafts: req.query.drafts === 'true',
        id: req.query.id,
        pageSize: req.query.pageSize ?? 20,
      });
      if (req.query.id !== undefined && items.length === 0)
        throw new AppError('notFound', 'No such article');
      return { items };
    },
  );

  app.post(
    `${P}/articles`,
    { schema: { body: CreateArticleRequest, response: { 200: ArticleResponse } } },
    async (req) => {
      const scope = await staffScope(req);
      return { item: await createArticle(app.db, scope, req.body) };
    },
  );

  // Issue 24: edit a news item, publish a draft or withdraw a published one. A school's staff
  // change their own school's items; provider staff (staff, admin without a school) every one.
  // Another school's item answers like a missing one; pupils get 403 before anything is read.
  app.put(
    `${P}/articles/:id`,
    {
      schema: {
        params: ArticleIdParams,
        body: UpdateArticleRequest,
        response: { 200: ArticleResponse },
      },
    },
    async (req) => {
      const scope = await staffScope(req);
      return { item: await updateArticle(app.db, scope, req.params.id, req.body) };
    },
  );

  // ---- inquiry (contact form) -------------------------------------------------------------
  app.post(
    `${P}/inquiry`,
    { schema: { body: InquiryRequest, response: { 200: InquiryResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      for (const limit of inquiryLimits) await limit(req);
      const scope = await app.permissions.subject(user);
      return { item: await createInquiry(app.db, scope, req.body) };
    },
  );

  // The provider's admins read the inquiries (the admin role alone: it is the provider's inbox).
  async function requireInboxAdmin(req: Parameters<typeof app.auth.require>[0]) {
    const { user } = await app.auth.require(req);
    if (user.role !== 'admin') throw new AppError('forbidden', 'Admins only');
    const scope = await app.permissions.subject(user);
    if (isBlocked(scope)) throw new AppError('forbidden', 'Admins only');
    return { admin: user, scope };
  }

  // Issue 24: paged; open messages first, then answered ones, each newest first; archived ones
  // only with ?archived=true.
  app.get(
    `${P}/inquiry`,
    { schema: { querystring: InquiriesQuery, response: { 200: InquiriesResponse } } },
    async (req) => {
      const { admin, scope } = await requireInboxAdmin(req);
      const page = req.query.page ?? 1;
      const pageSize = req.query.pageSize ?? INQUIRY_PAGE_SIZE;
      const { items, total } = await listInquiries(app.db, scope, admin.lang, {
        archived: req.query.archived === 'true',
        page,
        pageSize,
      });
      return { items, total, page, pageSize };
    },
  );

  app.post(
    `${P}/inquiry/:id/answer`,
    {
      schema: {
        params: InquiryIdParams,
        body: AnswerInquiryRequest,
        response: { 200: InquiryItemResponse },
      },
    },
    async (req) => {
      const { admin, scope } = await requireInboxAdmin(req);
      const updated = await answerInquiry(app.db, scope, req.params.id, req.body.answer);
      if (!updated) throw new AppError('notFound', 'No such message');
      // The sender hears of it on their subscribed browsers; there is no mail path (decision 0040).
      if (updated.user_id) {
        const to = updated.user_id;
        void app.push.notify(to, (lang) => ({
          title: 'Tomoni',
          body: INQUIRY_ANSWERED_TEXT[lang],
          url: '/contact',
          tag: `inquiry-${updated.id}`,
        }));
      }
      return { item: await findInquiry(app.db, scope, admin.lang, updated.id) };
    },
  );

  app.post(
    `${P}/inquiry/:id/archive`,
    {
      schema: {
        params: InquiryIdParams,
        body: ArchiveInquiryRequest,
        response: { 200: InquiryItemResponse },
      },
    },
    async (req) => {
      const { admin, scope } = await requireInboxAdmin(req);
      const updated = await archiveInquiry(app.db, scope, req.params.id, req.body.archived);
      if (!updated) throw new AppError('notFound', 'No such message');
      return { item: await findInquiry(app.db, scope, admin.lang, updated.id) };
    },
  );

  // ---- comments, page by page ------------------------------------------------------------
  const comments = new CommentService(app.db, app.roomBus, app.permissions);
  app.get(
    `${P}/session/:id/comments/page`,
    {
      schema: {
        params: SessionIdParams,
        querystring: CommentsPageQuery,
        response: { 200: CommentsPageResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const session = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      return comments.page(user, session.id, {
        type: req.query.type,
        pageSize: req.query.pageSize ?? COMMENTS_PAGE_SIZE,
        after: req.query.lastKey ?? null,
      });
    },
  );
}
