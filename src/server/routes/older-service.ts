import { sql } from 'kysely';
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
  type Article,
  type Inquiry,
} from '../../contracts/api/older-service';
import { SessionIdParams } from '../../contracts/api/sessions';
import { CommentService } from '../sessions/comments';
import { requireVisibleSession } from '../sessions/access';
import { isStaffRole } from '../../contracts/entities';
import { isBlocked, isProviderRole } from '../auth/permissions';
import { json, msOf } from '../db/json';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import { callerKey, keyedLimiter } from '../http/limits';
import { findUserByAccount, groupsOfUser, sortGroups, type UserRow } from '../users/repository';
import { LEGACY_PREFIX } from '../http/legacy-aliases';
import type { App } from '../http/app-type';

/**
 * Password-reset budgets per PASSWORD_RESET_WINDOW_MS (issue 25, hole 5): a whole school asks
 * from one address, so the tight budget is per account name asked for; the address has a
 * generous ceiling against floods only.
 */
export const PASSWORD_RESET_PER_ACCOUNT = 5;
export const PASSWORD_RESET_PER_ADDRESS = 300;
export const PASSWORD_RESET_WINDOW_MS = 15 * 60_000;

/** Contact-form budgets per account (issue 25, hole 4): a few a quarter hour, a day's ceiling. */
export const INQUIRY_LIMITS = [
  { max: 5, windowMs: 15 * 60_000 },
  { max: 20, windowMs: 24 * 60 * 60_000 },
] as const;

/** Survey budgets per account (issue 25, hole 7): saves per 10 minutes, surveys answered at all. */
export const SURVEY_SAVES_PER_10_MIN = 30;
export const SURVEYS_PER_ACCOUNT = 20;

/**
 * The survey identification number (spec): the part of the user's first group name before the
 * first underscore, then '_' and the user id — the account name, as the home banner shows it
 * (features/home/survey-id.ts), groups in the order GET /v1/me lists them. No group: null.
 */
export function surveyIdentification(
  groupNames: readonly string[],
  account: string,
): string | null {
  const first = groupNames[0];
  if (first === undefined) return null;
  return `${first.split('_')[0]}_${account}`;
}

type ArticleRow = {
  id: string;
  school_id: string | null;
  title: string;
  body: string;
  url: string | null;
  published_at: Date | null;
  withdrawn_at?: Date | null;
  updated_at: Date;
};
const toArticle = (r: ArticleRow): Article => ({
  id: r.id,
  title: r.title,
  body: r.body,
  url: r.url,
  schoolId: r.school_id,
  publishedAt: r.published_at ? msOf(r.published_at) : null,
  withdrawnAt: r.withdrawn_at ? msOf(r.withdrawn_at) : null,
  updatedAt: msOf(r.updated_at),
});

/** Push text the sender of a contact message gets when an admin answers it (issue 24). */
const INQUIRY_ANSWERED_TEXT = {
  ja: 'お問い合わせに返信がありました。',
  en: 'Your message to Tomoni has been answered.',
} as const;

type InquiryRow = {
  id: string;
  subject: string;
  body: string;
  email: string;
  status: string;
  answer: string | null;
  answered_at: Date | null;
  archived_at: Date | null;
  created_at: Date;
  user_id: string | null;
  display_name: string | null;
  school_name: string | null;
  school_name_en: string | null;
};
/** The sender's school in the reader's language (English falls back to the Japanese name). */
const toInquiry = (r: InquiryRow, lang: 'ja' | 'en'): Inquiry => ({
  id: r.id,
  subject: r.subject,
  body: r.body,
  email: r.email,
  user: r.user_id
    ? {
        id: r.user_id,
        displayName: r.display_name ?? '',
        school: (lang === 'en' ? r.school_name_en : null) ?? r.school_name ?? null,
      }
    : null,
  createdAt: msOf(r.created_at),
  status: r.status === 'answered' ? 'answered' : 'open',
  answer: r.answer,
  answeredAt: r.answered_at ? msOf(r.answered_at) : null,
  archivedAt: r.archived_at ? msOf(r.archived_at) : null,
});

/**
 * The older service's calls that have no /v1 twin (issue 14): password reset, app info,
 * surveys, articles, the contact form and paged session comments. The aliases of /v1 handlers
 * are in legacy.ts; payments are not served (docs/decisions.md, "calls").
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
      const user = await findUserByAccount(app.db, req.body.username);
      // Only an active pupil with a group has a teacher to ask; everyone else gets the same
      // answer so the call tells nobody which account names exist.
      if (
        !user ||
        user.status !== 'active' ||
        (user.role !== 'member' && user.role !== 'supporter')
      )
        return true;
      const groups = await groupsOfUser(app.db, user.id);
      if (groups.length === 0) return true;
      await app.db
        .insertInto('password_reset_requests')
        .values({ user_id: user.id, address: req.ip })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .where('resolved_at', 'is', null)
            .doUpdateSet({ created_at: new Date(), address: req.ip }),
        )
        .execute();
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
  async function surveyOf(user: UserRow, id: string) {
    const [groups, row] = await Promise.all([
      groupsOfUser(app.db, user.id),
      app.db
        .selectFrom('survey_answers')
        .selectAll()
        .where('survey_id', '=', id)
        .where('user_id', '=', user.id)
        .executeTakeFirst(),
    ]);
    const names = sortGroups(groups).map((g) => g.name);
    return {
      item: {
        id,
        identification: surveyIdentification(names, user.account),
        answered: row !== undefined,
        answers: (row?.answers as Record<string, string | number | boolean> | undefined) ?? null,
        updatedAt: row ? msOf(row.updated_at) : null,
      },
    };
  }

  app.get(
    `${P}/surveys`,
    { schema: { querystring: SurveyQuery, response: { 200: SurveyResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return surveyOf(user, req.query.id);
    },
  );

  app.put(
    `${P}/surveys/:id`,
    { schema: { params: SurveyParams, body: PutSurveyRequest, response: { 200: SurveyResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      if (isBlocked(await app.permissions.subject(user)))
        throw new AppError('forbidden', 'This account is suspended');
      await surveySaves(req);
      const answered = await app.db
        .selectFrom('survey_answers')
        .select('survey_id')
        .where('user_id', '=', user.id)
        .execute();
      if (
        answered.length >= SURVEYS_PER_ACCOUNT &&
        !answered.some((r) => r.survey_id === req.params.id)
      )
        throw new AppError('conflict', 'This account has answered as many surveys as it may', [
          { path: 'id', message: `at most ${SURVEYS_PER_ACCOUNT} surveys` },
        ]);
      await app.db
        .insertInto('survey_answers')
        .values({ survey_id: req.params.id, user_id: user.id, answers: json(req.body.answers) })
        .onConflict((oc) =>
          oc
            .columns(['survey_id', 'user_id'])
            .doUpdateSet({ answers: json(req.body.answers), updated_at: new Date() }),
        )
        .execute();
      return surveyOf(user, req.params.id);
    },
  );

  // ---- articles ----------------------------------------------------------------------------
  app.get(
    `${P}/articles`,
    { schema: { querystring: ArticlesQuery, response: { 200: ArticlesResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const drafts = req.query.drafts === 'true' && isStaffRole(user.role);
      const rows = await app.db
        .selectFrom('articles')
        .selectAll()
        // Every school's articles (school_id null) and the reader's own school's.
        .where((eb) =>
          isProviderRole(user.role)
            ? eb.val(true)
            : eb.or([eb('school_id', 'is', null), eb('school_id', '=', user.school_id ?? '')]),
        )
        .$if(!drafts, (q) => q.where('published_at', 'is not', null))
        .$if(req.query.id !== undefined, (q) => q.where('id', '=', req.query.id!))
        .orderBy(sql`coalesce(published_at, updated_at)`, 'desc')
        .limit(req.query.pageSize ?? 20)
        .execute();
      if (req.query.id !== undefined && rows.length === 0)
        throw new AppError('notFound', 'No such article');
      return { items: rows.map(toArticle) };
    },
  );

  app.post(
    `${P}/articles`,
    { schema: { body: CreateArticleRequest, response: { 200: ArticleResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      if (!isStaffRole(user.role) || isBlocked(await app.permissions.subject(user)))
        throw new AppError('forbidden', 'Staff roles only');
      const b = req.body;
      // Provider staff write for every school; a school's staff for their own school only.
      const everySchool = isProviderRole(user.role) && (b.allSchools === true || !user.school_id);
      if (!everySchool && !user.school_id) throw new AppError('forbidden', 'No school');
      if (b.allSchools && !isProviderRole(user.role))
        throw new AppError('forbidden', 'Only provider staff publish to every school');
      const row = await app.db
        .insertInto('articles')
        .values({
          school_id: everySchool ? null : user.school_id,
          author_id: user.id,
          title: b.title,
          body: b.body,
          url: b.url ?? null,
          published_at: b.publish ? new Date() : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { item: toArticle(row) };
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
      const { user } = await app.auth.require(req);
      if (!isStaffRole(user.role) || isBlocked(await app.permissions.subject(user)))
        throw new AppError('forbidden', 'Staff roles only');
      const row = await app.db
        .selectFrom('articles')
        .selectAll()
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      const provider = isProviderRole(user.role);
      if (!row || (!provider && (row.school_id === null || row.school_id !== user.school_id))) {
        // Every school's items are readable by a school's staff but belong to the provider.
        if (row && row.school_id === null)
          throw new AppError('forbidden', 'Only provider staff change news for every school');
        throw new AppError('notFound', 'No such article');
      }
      const b = req.body;
      const now = new Date();
      const publishing = b.publish === true && row.published_at === null;
      const withdrawing = b.publish === false && row.published_at !== null;
      const updated = await app.db
        .updateTable('articles')
        .set({
          ...(b.title !== undefined ? { title: b.title } : {}),
          ...(b.body !== undefined ? { body: b.body } : {}),
          ...(b.url !== undefined ? { url: b.url } : {}),
          ...(publishing ? { published_at: now, withdrawn_at: null } : {}),
          ...(withdrawing ? { published_at: null, withdrawn_at: now } : {}),
          updated_at: now,
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { item: toArticle(updated) };
    },
  );

  // ---- inquiry (contact form) -------------------------------------------------------------
  app.post(
    `${P}/inquiry`,
    { schema: { body: InquiryRequest, response: { 200: InquiryResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      for (const limit of inquiryLimits) await limit(req);
      const row = await app.db
        .insertInto('inquiries')
        .values({
          user_id: user.id,
          email: req.body.email ?? '',
          subject: req.body.subject,
          body: req.body.body,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      return { item: { id: row.id, createdAt: msOf(row.created_at) } };
    },
  );

  // The provider's admins read the inquiries (the admin role alone: it is the provider's inbox).
  const inquiryRows = () =>
    app.db
      .selectFrom('inquiries')
      .leftJoin('users', 'users.id', 'inquiries.user_id')
      .leftJoin('schools', 'schools.id', 'users.school_id')
      .select([
        'inquiries.id',
        'inquiries.subject',
        'inquiries.body',
        'inquiries.email',
        'inquiries.status',
        'inquiries.answer',
        'inquiries.answered_at',
        'inquiries.archived_at',
        'inquiries.created_at',
        'users.id as user_id',
        'users.display_name',
        'schools.name as school_name',
        'schools.name_en as school_name_en',
      ]);
  async function requireInboxAdmin(req: Parameters<typeof app.auth.require>[0]) {
    const { user } = await app.auth.require(req);
    if (user.role !== 'admin' || isBlocked(await app.permissions.subject(user)))
      throw new AppError('forbidden', 'Admins only');
    return user;
  }

  // Issue 24: paged; open messages first, then answered ones, each newest first; archived ones
  // only with ?archived=true.
  app.get(
    `${P}/inquiry`,
    { schema: { querystring: InquiriesQuery, response: { 200: InquiriesResponse } } },
    async (req) => {
      const admin = await requireInboxAdmin(req);
      const archived = req.query.archived === 'true';
      const page = req.query.page ?? 1;
      const pageSize = req.query.pageSize ?? INQUIRY_PAGE_SIZE;
      const [rows, count] = await Promise.all([
        inquiryRows()
          .where('inquiries.archived_at', archived ? 'is not' : 'is', null)
          .$if(!archived, (q) =>
            q
              .orderBy(sql`(inquiries.status = 'open')`, 'desc')
              .orderBy('inquiries.created_at', 'desc'),
          )
          .$if(archived, (q) => q.orderBy('inquiries.archived_at', 'desc'))
          .orderBy('inquiries.id')
          .offset((page - 1) * pageSize)
          .limit(pageSize)
          .execute(),
        app.db
          .selectFrom('inquiries')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('archived_at', archived ? 'is not' : 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => toInquiry(r, admin.lang)),
        total: Number(count.n),
        page,
        pageSize,
      };
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
      const admin = await requireInboxAdmin(req);
      const updated = await app.db
        .updateTable('inquiries')
        .set({
          status: 'answered',
          answer: req.body.answer,
          answered_at: new Date(),
          answered_by: admin.id,
          updated_at: new Date(),
        })
        .where('id', '=', req.params.id)
        .returning(['id', 'user_id'])
        .executeTakeFirst();
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
      const row = await inquiryRows()
        .where('inquiries.id', '=', updated.id)
        .executeTakeFirstOrThrow();
      return { item: toInquiry(row, admin.lang) };
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
      const admin = await requireInboxAdmin(req);
      const updated = await app.db
        .updateTable('inquiries')
        .set({ archived_at: req.body.archived ? new Date() : null, updated_at: new Date() })
        .where('id', '=', req.params.id)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new AppError('notFound', 'No such message');
      const row = await inquiryRows()
        .where('inquiries.id', '=', updated.id)
        .executeTakeFirstOrThrow();
      return { item: toInquiry(row, admin.lang) };
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
