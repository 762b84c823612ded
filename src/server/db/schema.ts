import type { ColumnType } from 'kysely';

/**
 * Table types for Kysely. Column names are the SQL names (snake_case) so a raw query and a typed
 * one read the same. Times are `timestamptz` (read as Date, written as Date); the API converts
 * them to epoch milliseconds at the edge. jsonb columns are read as parsed values and written as
 * JSON text (see `json()` in ./json.ts) because the pg driver would turn a JS array into a
 * Postgres array literal.
 */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column: select T, insert/update JSON text. */
type Json<T> = ColumnType<T, string, string>;
/** A jsonb column with a database default. */
type JsonDefault<T> = ColumnType<T, string | undefined, string>;
/** A text primary key defaulting to gen_random_uuid(). */
type TextId = ColumnType<string, string | undefined, never>;

type RoleValue = 'member' | 'supporter' | 'teacher' | 'staff' | 'admin' | 'graduated';
type UserStatus = 'active' | 'suspended' | 'withdrawn';
type GroupConfirmType = 'active' | 'suspended';
export type SessionStatusValue = 'NOTICE' | 'IN_PROGRESS' | 'COMPLETE' | 'PRIVATE';

interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: UpdatedAt;
}

export interface SchoolsTable {
  id: TextId;
  name: string;
  name_en: string | null;
  /** Who pupils can talk to at school, shown with the caring message (migration 0019). */
  care_contact: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface GroupsTable {
  id: TextId;
  school_id: string;
  parent_id: string | null;
  name: string;
  confirm_type: ColumnType<GroupConfirmType, GroupConfirmType | undefined, GroupConfirmType>;
  project_available: ColumnType<boolean, boolean | undefined, boolean>;
  /** "Approve all feedback first": members' feedback waits for a teacher (0009-screening). */
  feedback_approval: ColumnType<boolean, boolean | undefined, boolean>;
  /** "Approve every picture first": members' output pictures wait for a teacher (0021). */
  picture_approval: ColumnType<boolean, boolean | undefined, boolean>;
  /** Google/Microsoft addresses of this domain sign in as the member named by the local part (0022). */
  sign_in_domain: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: TextId;
  /** The account name used to log in (the API's `id`); unique ignoring case. */
  account: string;
  /** The real name as issued by the school (the API's `name`). */
  name: ColumnType<string, string | undefined, string>;
  display_name: string;
  password_hash: string;
  role: RoleValue;
  school_id: string | null;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  is_guest: ColumnType<boolean, boolean | undefined, boolean>;
  lang: ColumnType<'ja' | 'en', 'ja' | 'en' | undefined, 'ja' | 'en'>;
  country: ColumnType<string, string | undefined, string>;
  state: string | null;
  prefecture: string | null;
  cookie: 'approved' | 'refused' | null;
  terms_agreement_version: ColumnType<number, number | undefined, number>;
  profile_updated_at: Timestamp | null;
  read_notification_at: Timestamp | null;
  violation_statuses: JsonDefault<Array<'profile' | 'image'>>;
  is_password_unconfirmed: ColumnType<boolean, boolean | undefined, boolean>;
  student_number: string | null;
  birth_year: number | null;
  image: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface GroupMembersTable {
  group_id: string;
  user_id: string;
  created_at: CreatedAt;
}

interface RefreshTokensTable {
  id: TextId;
  user_id: string;
  /** All tokens descending from one login share a family; reuse of a spent one revokes it. */
  family_id: string;
  /** sha256 of the opaque token, hex. The token itself is never stored. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** Once spent: the pair it was exchanged for, encrypted (the grace window's answer). */
  successor: ColumnType<string | null, string | null | undefined, string | null>;
}

interface LoginFailuresTable {
  id: TextId;
  /** Lower-cased account name as typed (it may not exist). */
  account: string;
  address: string;
  /** Whether the account existed; only failures for made-up names count per address. */
  known: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** Migration 0022: a group's roster of school addresses, each to one member (issue 30). */
interface GroupSignInRosterTable {
  group_id: string;
  email: string;
  user_id: string;
  created_at: CreatedAt;
}

interface OidcIdentitiesTable {
  id: TextId;
  issuer: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: CreatedAt;
}

export interface LangVariantJson {
  title?: string;
  image?: string;
  thumbnailImage?: string;
}
export interface SessionTargetJson {
  type: 'ALL' | 'SCHOOL' | 'GROUP';
  targets?: string[];
}
interface ReflectionNotesJson {
  ideaNote: { placeHolder: string };
  thinkNote: { placeHolder: string };
  actionNote: { placeHolder: string };
}

/**
 * Per language, the columns of a content row that differ from the row as written (issue 9: 15;
 * migration 0010). Staff-written content has none and is shown as written.
 */
type TranslationsJson<Columns> = Partial<Record<'ja' | 'en', Partial<Columns>>>;

/** A timed action's translated params, by position in the video's `actions`. */
type ActionParamsTranslation = Pick<TimedActionJson['params'], 'name' | 'title' | 'choices'>;

export interface SessionsTable {
  id: TextId;
  title: string;
  sub_title: string | null;
  description: string | null;
  image: string;
  thumbnail_image: string | null;
  title_image: string | null;
  guide: JsonDefault<string[]>;
  guide_label: ColumnType<string, string | undefined, string>;
  guide_image: string | null;
  instruction: string | null;
  job: ColumnType<string, string | undefined, string>;
  status: SessionStatusValue;
  start_time: Timestamp;
  end_time: Timestamp;
  /** Minutes before startTime when joining opens. */
  join_offset: ColumnType<number, number | undefined, number>;
  feedback_time: number | null;
  work_time: number | null;
  is_watchable: ColumnType<boolean, boolean | undefined, boolean>;
  is_free_on_app: ColumnType<boolean, boolean | undefined, boolean>;
  is_free_on_web: ColumnType<boolean, boolean | undefined, boolean>;
  is_free_for_pack: ColumnType<boolean, boolean | undefined, boolean>;
  pickup: ColumnType<boolean, boolean | undefined, boolean>;
  show_pre_chat: ColumnType<boolean, boolean | undefined, boolean>;
  target: JsonDefault<SessionTargetJson>;
  participant_limit: number | null;
  reflection: Json<ReflectionNotesJson | null> | null;
  document_links: JsonDefault<Array<{ label: string; url: string }>>;
  ja: Json<LangVariantJson | null> | null;
  en: Json<LangVariantJson | null> | null;
  youtube_live_id: string | null;
  comments_file: string | null;
  questions: JsonDefault<string[]>;
  translations: JsonDefault<
    TranslationsJson<{
      sub_title: string;
      description: string;
      guide: string[];
      guide_label: string;
      job: string;
      instruction: string;
      reflection: ReflectionNotesJson;
      document_links: Array<{ label: string; url: string }>;
      questions: string[];
    }>
  >;
  /** Who authored it in the studio (migration 0015); null: the provider (the seed's). */
  owner_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The authoring teacher's school; null for provider sessions. */
  owner_school_id: ColumnType<string | null, string | null | undefined, string | null>;
  archived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TimedActionJson {
  start: number;
  end?: number;
  show?: number;
  hide?: number;
  resultTime?: number;
  action: 'chapter' | 'telop' | 'image' | 'discuss' | 'vote' | 'output' | 'feedback' | 'reflection';
  params: {
    name?: string;
    discussId?: string;
    type?: 'cover' | 'free' | 'opinion';
    title?: string;
    choices?: string[];
    /** A vote's choices in the reader's language (filled on read; never stored). */
    labels?: string[];
    image?: string;
  };
}

export interface VideosTable {
  id: TextId;
  session_id: string;
  provider: 'ULIZA_G5' | 'ULIZA' | 'YOUTUBE' | 'HLS';
  type: 'INSPIRE' | 'LIVE' | 'ARCHIVE' | 'DIGEST' | 'ARCHIVE_LOW' | 'DOWNLOAD' | 'PRIVATE';
  status: SessionStatusValue;
  title: string;
  /** The playlist URL (the spec's videoId). */
  video_id: string;
  description: string | null;
  caption_file: Json<{ ja?: string; en?: string } | null> | null;
  duration: number | null;
  lang: 'ja' | 'en';
  actions: JsonDefault<TimedActionJson[]>;
  position: ColumnType<number, number | undefined, number>;
  translations: JsonDefault<
    TranslationsJson<{ title: string; description: string; actions: ActionParamsTranslation[] }>
  >;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TagsTable {
  id: TextId;
  type: 'tag' | 'word' | 'lifestyle' | 'job';
  name: string;
  color: string | null;
  description: string | null;
  labels: Json<{ ja: string; en: string } | null> | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface SessionTagsTable {
  session_id: string;
  tag_id: string;
  position: ColumnType<number, number | undefined, number>;
}

export interface WorksTable {
  id: TextId;
  title: string;
  description: string;
  image: string | null;
  after_description: string | null;
  after_image: string | null;
  questions: JsonDefault<string[]>;
  associated_color: number | null;
  examples: JsonDefault<Array<{ image: string; description: string }>>;
  translations: JsonDefault<
    TranslationsJson<{
      title: string;
      description: string;
      after_description: string;
      questions: string[];
      examples: Array<{ image: string; description: string }>;
    }>
  >;
  owner_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  owner_school_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface SessionWorksTable {
  session_id: string;
  work_id: string;
  position: ColumnType<number, number | undefined, number>;
}

interface StreamSettingsJson {
  startTime: number;
  participantVideoVisiblity: boolean;
  videoQuality: 'low' | 'high';
}

export interface StreamsTable {
  id: TextId;
  session_id: string;
  name: string;
  lang: 'ja' | 'en';
  host_user_id: string;
  group_ids: JsonDefault<string[]>;
  settings: Json<StreamSettingsJson>;
  is_deleted: ColumnType<boolean, boolean | undefined, boolean>;
  /** The host paused the room's live comments (migration 0007). */
  comments_paused: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Primary key (stream_id, seq): the log is addressed by position, never by a separate id. */
export interface StreamEventsTable {
  stream_id: string;
  /** Per-stream sequence, 1, 2, 3…; unique with stream_id. */
  seq: number;
  type: string;
  payload: JsonDefault<Record<string, unknown>>;
  user_id: string | null;
  server_time: Timestamp;
  /** When the change takes effect (migration 0002; defaults to now()). */
  effective_at: CreatedAt;
}

export interface ActivitiesTable {
  id: TextId;
  /** joinSession, joinStream, leaveStream, … */
  type: string;
  user_id: string;
  session_id: string | null;
  stream_id: string | null;
  target_id: string | null;
  payload: JsonDefault<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

type OutputStatusValue = 'published' | 'pending' | 'rejected' | 'autosaved';

export interface OutputsTable {
  id: TextId;
  session_id: string;
  work_id: string;
  user_id: string;
  description: string;
  name: string | null;
  status: OutputStatusValue;
  violation_statuses: JsonDefault<Array<'text' | 'image' | 'image-warning' | 'updated'>>;
  rate: ColumnType<number, number | undefined, number>;
  is_hidden: ColumnType<boolean, boolean | undefined, boolean>;
  /** Posted, pending and out of the queue until its pictures are screened (0021). */
  awaiting_pictures: ColumnType<boolean, boolean | undefined, boolean>;
  published_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Why a picture was held: what its text showed, the model's call, a failure, or the group's rule. */
export type PictureHoldReason =
  | { kind: 'text'; findings: Array<{ kind: string; match: string }> }
  | { kind: 'model'; label: string; probability: number }
  | { kind: 'unsure'; label: string; probability: number }
  | { kind: 'failed'; message: string }
  /** A copyright notice or a stock-photo watermark read in it (violation 'image-warning'). */
  | { kind: 'copyright'; marks: string[] };

interface PictureScreeningsTable {
  url: string;
  state: ColumnType<'queued' | 'done', 'queued' | 'done' | undefined, 'queued' | 'done'>;
  verdict: 'clear' | 'held' | null;
  reasons: JsonDefault<PictureHoldReason[]>;
  ocr_text: string | null;
  scores: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  screened_at: Timestamp | null;
}

interface OutputImagesTable {
  id: TextId;
  output_id: string;
  url: string;
  position: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

interface CommentsTable {
  id: TextId;
  type: 'SESSION' | 'OUTPUT' | 'MEMO' | 'ARCHIVE' | 'LIVE-JA' | 'LIVE-EN';
  session_id: string | null;
  output_id: string | null;
  stream_id: string | null;
  parent_id: string | null;
  user_id: string;
  content: string;
  is_pinned: ColumnType<boolean, boolean | undefined, boolean>;
  /** Seconds into the video, for archive and live comments. */
  time_in_video: number | null;
  is_deleted: ColumnType<boolean, boolean | undefined, boolean>;
  /** Who deleted it (author, room host or staff; migration 0007). */
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FeedbacksTable {
  id: TextId;
  output_id: string;
  session_id: string;
  work_id: string;
  user_id: string;
  content: string;
  status: ColumnType<
    'published' | 'pending' | 'rejected',
    'published' | 'pending' | 'rejected' | undefined,
    'published' | 'pending' | 'rejected'
  >;
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
  /** Last reported by someone other than the author: hidden from other pupils for 1 hour. */
  reported_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface ActionsTable {
  id: TextId;
  type: string;
  target: 'session' | 'comment' | 'output' | 'output-comment';
  target_id: string;
  output_id: string | null;
  session_id: string | null;
  user_id: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface NotificationsTable {
  id: TextId;
  /** The recipient. */
  user_id: string;
  type: string;
  action: string | null;
  /** Who caused it (shown as user.displayName). */
  actor_user_id: string | null;
  count: ColumnType<number, number | undefined, number>;
  items: JsonDefault<Record<string, unknown>>;
  payload: JsonDefault<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: CreatedAt;
}

type ReflectionStatus = 'published' | 'draft' | 'pending' | 'rejected';

export interface ReflectionsTable {
  id: TextId;
  session_id: string;
  user_id: string;
  idea_note: ColumnType<string, string | undefined, string>;
  think_note: ColumnType<string, string | undefined, string>;
  action_note: ColumnType<string, string | undefined, string>;
  score: number | null;
  /** pending/rejected: held by the screening (0009-screening). */
  status: ColumnType<ReflectionStatus, ReflectionStatus | undefined, ReflectionStatus>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface VotesTable {
  id: TextId;
  session_id: string;
  stream_id: string | null;
  /** The timed action's discussId (or another key) the vote belongs to. */
  vote_key: string;
  title: string;
  choices: JsonDefault<string[]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface VoteAnswersTable {
  id: TextId;
  vote_id: string;
  user_id: string;
  choice: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One ballot per user per vote moment per room (migration 0002). */
export interface VoteBallotsTable {
  id: TextId;
  session_id: string;
  stream_id: string | null;
  vote_key: string;
  user_id: string;
  choice: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface ViolationReportsTable {
  id: TextId;
  reporter_user_id: string;
  target_type: 'feedback' | 'output' | 'comment';
  target_id: string;
  target_user_id: string | null;
  content: string;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface InquiryProjectsTable {
  id: TextId;
  user_id: string;
  name: string;
  is_trashed: ColumnType<boolean, boolean | undefined, boolean>;
  is_pinned: ColumnType<boolean, boolean | undefined, boolean>;
  latest_published_at: Timestamp | null;
  translations: JsonDefault<TranslationsJson<{ name: string }>>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UnitOutputsTable {
  id: TextId;
  project_id: string;
  unit_id: string | null;
  slide_schema: JsonDefault<unknown[]>;
  values: JsonDefault<Record<string, unknown>>;
  violation_statuses: JsonDefault<string[]>;
  published_at: Timestamp | null;
  translations: JsonDefault<
    TranslationsJson<{ slide_schema: unknown[]; values: Record<string, unknown> }>
  >;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface TranslationsTable {
  /** sha256 of source text + target language. */
  id: string;
  target_lang: string;
  text: string;
  created_at: CreatedAt;
}

export interface Database {
  app_settings: AppSettingsTable;
  schools: SchoolsTable;
  groups: GroupsTable;
  users: UsersTable;
  group_members: GroupMembersTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  oidc_identities: OidcIdentitiesTable;
  group_sign_in_roster: GroupSignInRosterTable;
  sessions: SessionsTable;
  videos: VideosTable;
  tags: TagsTable;
  session_tags: SessionTagsTable;
  works: WorksTable;
  session_works: SessionWorksTable;
  streams: StreamsTable;
  stream_events: StreamEventsTable;
  activities: ActivitiesTable;
  outputs: OutputsTable;
  output_images: OutputImagesTable;
  comments: CommentsTable;
  feedbacks: FeedbacksTable;
  actions: ActionsTable;
  notifications: NotificationsTable;
  follows: FollowsTable;
  reflections: ReflectionsTable;
  votes: VotesTable;
  vote_answers: VoteAnswersTable;
  vote_ballots: VoteBallotsTable;
  violation_reports: ViolationReportsTable;
  inquiry_projects: InquiryProjectsTable;
  unit_outputs: UnitOutputsTable;
  translations: TranslationsTable;
  report_member_sessions: ReportMemberSessionsTable;
  report_refreshes: ReportRefreshesTable;
  moderation_decisions: ModerationDecisionsTable;
  password_reset_requests: PasswordResetRequestsTable;
  survey_answers: SurveyAnswersTable;
  articles: ArticlesTable;
  inquiries: InquiriesTable;
  push_subscriptions: PushSubscriptionsTable;
  transcode_jobs: TranscodeJobsTable;
  studio_images: StudioImagesTable;
  output_uploads: OutputUploadsTable;
  picture_screenings: PictureScreeningsTable;
  safeguarding_concerns: SafeguardingConcernsTable;
  safeguarding_concern_views: SafeguardingConcernViewsTable;
}

/** Web Push subscriptions (migration 0014). */
interface PushSubscriptionsTable {
  id: TextId;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
}

/** A picture uploaded in the studio and whose it is (migration 0016). */
interface StudioImagesTable {
  /** The stored upload path, `/uploads/<hex>.jpg` (never the signed form). */
  url: string;
  owner_user_id: string | null;
  owner_school_id: string | null;
  created_at: CreatedAt;
}

/** What a pupil wrote that says they may hurt themselves, kept for an adult (migration 0019). */
interface SafeguardingConcernsTable {
  id: TextId;
  user_id: string;
  channel: string;
  text: string;
  created_at: CreatedAt;
}

/** Who opened a concern and when (migration 0019). */
interface SafeguardingConcernViewsTable {
  concern_id: string;
  viewer_id: string;
  seen_at: CreatedAt;
}

/** An output picture and who uploaded it (migration 0018). */
interface OutputUploadsTable {
  /** The stored upload path, `/uploads/<hex>.jpg` (never the signed form). */
  url: string;
  owner_user_id: string;
  created_at: CreatedAt;
}

/** A studio upload's transcoding to HLS (migration 0015); survives restarts. */
export interface TranscodeJobsTable {
  id: TextId;
  video_id: string;
  /** The tus upload id: the file under DATA_DIR/studio-uploads. */
  upload_id: string;
  user_id: string | null;
  file_name: string;
  status: ColumnType<
    'queued' | 'running' | 'done' | 'failed',
    'queued' | 'running' | 'done' | 'failed' | undefined,
    'queued' | 'running' | 'done' | 'failed'
  >;
  /** 0 … 1. */
  progress: ColumnType<number, number | undefined, number>;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Report aggregates: one row per group, session and pupil (migration 0006). */
export interface ReportMemberSessionsTable {
  group_id: string;
  session_id: string;
  user_id: string;
  joined_at: Timestamp | null;
  outputs: ColumnType<number, number | undefined, number>;
  published_outputs: ColumnType<number, number | undefined, number>;
  latest_output_at: Timestamp | null;
  feedback_given: ColumnType<number, number | undefined, number>;
  feedback_received: ColumnType<number, number | undefined, number>;
  reflections: ColumnType<number, number | undefined, number>;
}

interface ReportRefreshesTable {
  id: TextId;
  started_at: Timestamp;
  finished_at: Timestamp;
  row_count: number;
  trigger: 'schedule' | 'startup' | 'manual';
}

interface ModerationDecisionsTable {
  id: TextId;
  target_type: 'output' | 'feedback' | 'reflection' | 'comment';
  target_id: string;
  /** remove: staff took a published post down; dismiss: staff kept a reported one (0020). */
  decision: 'publish' | 'reject' | 'remove' | 'dismiss';
  previous_status: string;
  note: string | null;
  /** A preset reason the author is shown in their language (MODERATION_REASONS; 0020). */
  reason_key: ColumnType<string | null, string | null | undefined, string | null>;
  decided_by: string;
  decided_at: CreatedAt;
}

/** Migration 0012: a pupil's request for a new password, answered by a teacher. */
interface PasswordResetRequestsTable {
  id: TextId;
  user_id: string;
  address: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
}

/** Migration 0012: one user's answers to one survey. */
interface SurveyAnswersTable {
  id: TextId;
  survey_id: string;
  user_id: string;
  answers: JsonDefault<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Migration 0012: news items; school_id null means every school (provider staff wrote it). */
interface ArticlesTable {
  id: TextId;
  school_id: string | null;
  author_id: string | null;
  title: string;
  body: ColumnType<string, string | undefined, string>;
  url: string | null;
  published_at: Timestamp | null;
  /** Migration 0016: when staff withdrew it after publishing (published_at is then null). */
  withdrawn_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Migration 0012: contact-form messages to the provider's admins. */
interface InquiriesTable {
  id: TextId;
  user_id: string | null;
  email: ColumnType<string, string | undefined, string>;
  subject: string;
  body: string;
  status: ColumnType<string, string | undefined, string>;
  /** Migration 0016: the admin's reply note, who answered and when; archived_at hides it. */
  answer: ColumnType<string | null, string | null | undefined, string | null>;
  answered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  answered_by: ColumnType<string | null, string | null | undefined, string | null>;
  archived_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
