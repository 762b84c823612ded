import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The first schema: every entity of section 3 of both specification documents. Later changes
 * are new migrations; this one is never edited once released.
 *
 * Conventions: text ids (gen_random_uuid() by default, readable ids for seeded content), times
 * as timestamptz, lists and nested objects as jsonb, enumerations as text with CHECK constraints
 * (a new value is an ALTER of one constraint, not a type migration).
 */
const TS = 'timestamptz NOT NULL DEFAULT now()';
const ID = 'text PRIMARY KEY DEFAULT gen_random_uuid()::text';
const ROLE_CHECK = "('member','supporter','teacher','staff','admin','graduated')";
const SESSION_STATUS = "('NOTICE','IN_PROGRESS','COMPLETE','PRIVATE')";

const UP: readonly string[] = [
  `CREATE TABLE app_settings (
    key text PRIMARY KEY,
    value text NOT NULL,
    updated_at ${TS}
  )`,
  `CREATE TABLE schools (
    id ${ID},
    name text NOT NULL,
    name_en text,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE TABLE groups (
    id ${ID},
    school_id text NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
    parent_id text REFERENCES groups(id) ON DELETE SET NULL,
    name text NOT NULL,
    confirm_type text NOT NULL DEFAULT 'active' CHECK (confirm_type IN ('active','suspended')),
    project_available boolean NOT NULL DEFAULT true,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX groups_school_idx ON groups (school_id)`,
  `CREATE INDEX groups_parent_idx ON groups (parent_id)`,
  `CREATE TABLE users (
    id ${ID},
    account text NOT NULL,
    name text NOT NULL DEFAULT '',
    display_name text NOT NULL,
    password_hash text NOT NULL,
    role text NOT NULL CHECK (role IN ${ROLE_CHECK}),
    school_id text REFERENCES schools(id) ON DELETE SET NULL,
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','suspended','withdrawn')),
    is_guest boolean NOT NULL DEFAULT false,
    lang text NOT NULL DEFAULT 'ja' CHECK (lang IN ('ja','en')),
    country text NOT NULL DEFAULT 'JP',
    state text,
    prefecture text CHECK (prefecture IS NULL OR prefecture ~ '^(0[1-9]|[1-3][0-9]|4[0-7])$'),
    cookie text CHECK (cookie IS NULL OR cookie IN ('approved','refused')),
    terms_agreement_version integer NOT NULL DEFAULT 0,
    profile_updated_at timestamptz,
    read_notification_at timestamptz,
    violation_statuses jsonb NOT NULL DEFAULT '[]'::jsonb,
    is_password_unconfirmed boolean NOT NULL DEFAULT true,
    student_number text,
    birth_year integer,
    image text,
    created_at ${TS},
    updated_at ${TS}
  )`,
  // Account names are matched ignoring case, so "Student01" and "student01" cannot both exist.
  `CREATE UNIQUE INDEX users_account_key ON users (lower(account))`,
  `CREATE INDEX users_school_idx ON users (school_id)`,
  `CREATE TABLE group_members (
    group_id text NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at ${TS},
    PRIMARY KEY (group_id, user_id)
  )`,
  `CREATE INDEX group_members_user_idx ON group_members (user_id)`,
  `CREATE TABLE refresh_tokens (
    id ${ID},
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    family_id text NOT NULL,
    token_hash text NOT NULL UNIQUE,
    created_at ${TS},
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    revoked_at timestamptz
  )`,
  `CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`,
  `CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id)`,
  `CREATE TABLE login_failures (
    id ${ID},
    account text NOT NULL,
    address text NOT NULL,
    created_at ${TS}
  )`,
  `CREATE INDEX login_failures_account_idx ON login_failures (account, created_at)`,
  `CREATE INDEX login_failures_address_idx ON login_failures (address, created_at)`,
  `CREATE TABLE oidc_identities (
    id ${ID},
    issuer text NOT NULL,
    subject text NOT NULL,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email text,
    created_at ${TS},
    UNIQUE (issuer, subject)
  )`,
  `CREATE INDEX oidc_identities_user_idx ON oidc_identities (user_id)`,
  `CREATE TABLE sessions (
    id ${ID},
    title text NOT NULL,
    sub_title text,
    description text,
    image text NOT NULL,
    thumbnail_image text,
    title_image text,
    guide jsonb NOT NULL DEFAULT '[]'::jsonb,
    guide_label text NOT NULL DEFAULT '',
    guide_image text,
    instruction text,
    job text NOT NULL DEFAULT '',
    status text NOT NULL CHECK (status IN ${SESSION_STATUS}),
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL,
    join_offset integer NOT NULL DEFAULT 0,
    feedback_time integer,
    work_time integer,
    is_watchable boolean NOT NULL DEFAULT false,
    is_free_on_app boolean NOT NULL DEFAULT false,
    is_free_on_web boolean NOT NULL DEFAULT false,
    is_free_for_pack boolean NOT NULL DEFAULT false,
    pickup boolean NOT NULL DEFAULT false,
    show_pre_chat boolean NOT NULL DEFAULT false,
    target jsonb NOT NULL DEFAULT '{"type":"ALL"}'::jsonb,
    participant_limit integer CHECK (participant_limit IS NULL OR participant_limit > 0),
    reflection jsonb,
    document_links jsonb NOT NULL DEFAULT '[]'::jsonb,
    ja jsonb,
    en jsonb,
    youtube_live_id text,
    comments_file text,
    questions jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX sessions_status_start_idx ON sessions (status, start_time)`,
  `CREATE TABLE videos (
    id ${ID},
    session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    provider text NOT NULL CHECK (provider IN ('ULIZA_G5','ULIZA','YOUTUBE','HLS')),
    type text NOT NULL CHECK (type IN ('INSPIRE','LIVE','ARCHIVE','DIGEST','ARCHIVE_LOW','DOWNLOAD','PRIVATE')),
    status text NOT NULL CHECK (status IN ${SESSION_STATUS}),
    title text NOT NULL,
    video_id text NOT NULL,
    description text,
    caption_file jsonb,
    duration double precision,
    lang text NOT NULL DEFAULT 'ja' CHECK (lang IN ('ja','en')),
    actions jsonb NOT NULL DEFAULT '[]'::jsonb,
    position integer NOT NULL DEFAULT 0,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX videos_session_idx ON videos (session_id, position)`,
  `CREATE TABLE tags (
    id ${ID},
    type text NOT NULL CHECK (type IN ('tag','word','lifestyle','job')),
    name text NOT NULL,
    color text,
    description text,
    labels jsonb,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE TABLE session_tags (
    session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    tag_id text NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    position integer NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, tag_id)
  )`,
  `CREATE INDEX session_tags_tag_idx ON session_tags (tag_id)`,
  `CREATE TABLE works (
    id ${ID},
    title text NOT NULL,
    description text NOT NULL DEFAULT '',
    image text,
    after_description text,
    after_image text,
    questions jsonb NOT NULL DEFAULT '[]'::jsonb,
    associated_color integer,
    examples jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE TABLE session_works (
    session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    work_id text NOT NULL REFERENCES works(id) ON DELETE CASCADE,
    position integer NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, work_id)
  )`,
  `CREATE TABLE streams (
    id ${ID},
    session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    name text NOT NULL,
    lang text NOT NULL CHECK (lang IN ('ja','en')),
    host_user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    group_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
    settings jsonb NOT NULL,
    is_deleted boolean NOT NULL DEFAULT false,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX streams_session_idx ON streams (session_id, created_at)`,
  `CREATE INDEX streams_host_idx ON streams (host_user_id)`,
  `CREATE TABLE stream_events (
    stream_id text NOT NULL REFERENCES streams(id) ON DELETE CASCADE,
    seq integer NOT NULL CHECK (seq > 0),
    type text NOT NULL,
    payload jsonb NOT NULL DEFAULT '{}'::jsonb,
    user_id text REFERENCES users(id) ON DELETE SET NULL,
    server_time timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (stream_id, seq)
  )`,
  `CREATE TABLE activities (
    id ${ID},
    type text NOT NULL,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    session_id text REFERENCES sessions(id) ON DELETE CASCADE,
    stream_id text REFERENCES streams(id) ON DELETE CASCADE,
    target_id text,
    payload jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX activities_session_idx ON activities (session_id, created_at)`,
  `CREATE INDEX activities_stream_idx ON activities (stream_id, created_at)`,
  `CREATE INDEX activities_user_idx ON activities (user_id, created_at)`,
  `CREATE TABLE outputs (
    id ${ID},
    session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    work_id text NOT NULL REFERENCES works(id) ON DELETE CASCADE,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    description text NOT NULL DEFAULT '',
    name text,
    status text NOT NULL CHECK (status IN ('published','pending','rejected','autosaved')),
    violation_statuses jsonb NOT NULL DEFAULT '[]'::jsonb,
    rate double precision NOT NULL DEFAULT 0,
    is_hidden boolean NOT NULL DEFAULT false,
    published_at timestamptz,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX outputs_session_idx ON outputs (session_id, created_at)`,
  `CREATE INDEX outputs_user_idx ON outputs (user_id, created_at)`,
  `CREATE INDEX outputs_work_idx ON outputs (work_id)`,
  `CREATE TABLE output_images (
    id ${ID},
    output_id text NOT NULL REFERENCES outputs(id) ON DELETE CASCADE,
    url text NOT NULL,
    position integer NOT NULL DEFAULT 0,
    created_at ${TS}
  )`,
  `CREATE INDEX output_images_output_idx ON output_images (output_id, position)`,
  `CREATE TABLE comments (
    id ${ID},
    type text NOT NULL CHECK (type IN ('SESSION','OUTPUT','MEMO','ARCHIVE','LIVE-JA','LIVE-EN')),
    session_id text REFERENCES sessions(id) ON DELETE CASCADE,
    output_id text REFERENCES outputs(id) ON DELETE CASCADE,
    stream_id text REFERENCES streams(id) ON DELETE SET NULL,
    parent_id text REFERENCES comments(id) ON DELETE CASCADE,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    content text NOT NULL,
    is_pinned boolean NOT NULL DEFAULT false,
    time_in_video double precision,
    is_deleted boolean NOT NULL DEFAULT false,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX comments_session_idx ON comments (session_id, type, created_at)`,
  `CREATE INDEX comments_output_idx ON comments (output_id, created_at)`,
  `CREATE INDEX comments_parent_idx ON comments (parent_id)`,
  `CREATE TABLE feedbacks (
    id ${ID},
    output_id text NOT NULL REFERENCES outputs(id) ON DELETE CASCADE,
    session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    work_id text NOT NULL REFERENCES works(id) ON DELETE CASCADE,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    content text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('published','pending','rejected')),
    hidden boolean NOT NULL DEFAULT false,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX feedbacks_output_idx ON feedbacks (output_id, created_at)`,
  `CREATE INDEX feedbacks_user_idx ON feedbacks (user_id, created_at)`,
  `CREATE INDEX feedbacks_session_idx ON feedbacks (session_id, created_at)`,
  `CREATE TABLE actions (
    id ${ID},
    type text NOT NULL CHECK (type IN ('like','unlike','wow','thinking','crying','noting','feedbacking','inspired','worthy')),
    target text NOT NULL CHECK (target IN ('session','comment','output','output-comment')),
    target_id text NOT NULL,
    output_id text REFERENCES outputs(id) ON DELETE CASCADE,
    session_id text REFERENCES sessions(id) ON DELETE CASCADE,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX actions_target_idx ON actions (target, target_id)`,
  `CREATE INDEX actions_user_idx ON actions (user_id, created_at)`,
  `CREATE INDEX actions_session_idx ON actions (session_id)`,
  `CREATE TABLE notifications (
    id ${ID},
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type text NOT NULL,
    action text,
    actor_user_id text REFERENCES users(id) ON DELETE SET NULL,
    count integer NOT NULL DEFAULT 1,
    items jsonb NOT NULL DEFAULT '{}'::jsonb,
    payload jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX notifications_user_idx ON notifications (user_id, created_at)`,
  `CREATE TABLE follows (
    follower_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    followee_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at ${TS},
    PRIMARY KEY (follower_id, followee_id),
    CHECK (follower_id <> followee_id)
  )`,
  `CREATE INDEX follows_followee_idx ON follows (followee_id)`,
  `CREATE TABLE reflections (
    id ${ID},
    session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    idea_note text NOT NULL DEFAULT '',
    think_note text NOT NULL DEFAULT '',
    action_note text NOT NULL DEFAULT '',
    score integer CHECK (score IS NULL OR (score >= 0 AND score <= 10)),
    status text NOT NULL DEFAULT 'draft' CHECK (status IN ('published','draft')),
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX reflections_user_idx ON reflections (user_id, created_at)`,
  `CREATE INDEX reflections_session_idx ON reflections (session_id)`,
  `CREATE TABLE votes (
    id ${ID},
    session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    stream_id text REFERENCES streams(id) ON DELETE CASCADE,
    vote_key text NOT NULL,
    title text NOT NULL DEFAULT '',
    choices jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX votes_session_idx ON votes (session_id, vote_key)`,
  `CREATE TABLE vote_answers (
    id ${ID},
    vote_id text NOT NULL REFERENCES votes(id) ON DELETE CASCADE,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    choice integer NOT NULL CHECK (choice >= 0),
    created_at ${TS},
    updated_at ${TS},
    UNIQUE (vote_id, user_id)
  )`,
  `CREATE TABLE violation_reports (
    id ${ID},
    reporter_user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    target_type text NOT NULL CHECK (target_type IN ('feedback','output')),
    target_id text NOT NULL,
    target_user_id text REFERENCES users(id) ON DELETE SET NULL,
    content text NOT NULL,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open','closed')),
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX violation_reports_target_idx ON violation_reports (target_type, target_id)`,
  `CREATE TABLE inquiry_projects (
    id ${ID},
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name text NOT NULL,
    is_trashed boolean NOT NULL DEFAULT false,
    is_pinned boolean NOT NULL DEFAULT false,
    latest_published_at timestamptz,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX inquiry_projects_user_idx ON inquiry_projects (user_id, updated_at)`,
  `CREATE TABLE unit_outputs (
    id ${ID},
    project_id text NOT NULL REFERENCES inquiry_projects(id) ON DELETE CASCADE,
    unit_id text,
    slide_schema jsonb NOT NULL DEFAULT '[]'::jsonb,
    values jsonb NOT NULL DEFAULT '{}'::jsonb,
    violation_statuses jsonb NOT NULL DEFAULT '[]'::jsonb,
    published_at timestamptz,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX unit_outputs_project_idx ON unit_outputs (project_id)`,
  `CREATE TABLE translations (
    id text PRIMARY KEY,
    target_lang text NOT NULL,
    text text NOT NULL,
    created_at ${TS}
  )`,
];

const TABLES_IN_DROP_ORDER = [
  'translations',
  'unit_outputs',
  'inquiry_projects',
  'violation_reports',
  'vote_answers',
  'votes',
  'reflections',
  'follows',
  'notifications',
  'actions',
  'feedbacks',
  'comments',
  'output_images',
  'outputs',
  'activities',
  'stream_events',
  'streams',
  'session_works',
  'works',
  'session_tags',
  'tags',
  'videos',
  'sessions',
  'oidc_identities',
  'login_failures',
  'refresh_tokens',
  'group_members',
  'users',
  'groups',
  'schools',
  'app_settings',
];

export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per query: PGlite's extended protocol runs a single statement at a time.
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES_IN_DROP_ORDER)
      await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  },
};
