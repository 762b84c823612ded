import type { Insertable } from 'kysely';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/database';
import { json } from '../db/json';
import type {
  LangVariantJson,
  SessionStatusValue,
  SessionTargetJson,
  SessionsTable,
  TimedActionJson,
} from '../db/schema';
import { DEMO_ACCOUNTS } from './accounts';
import { seedProfileDemo } from './profile-demo';
import { seedHomeDemo } from './home-demo';

/** Stable ids of the seeded content, for tests and links in docs. */
export const DEMO_IDS = {
  school: 'school-demo',
  otherSchool: 'school-sakura',
  groups: {
    grade2: 'group-grade2',
    class2a: 'group-class2a',
    class2b: 'group-class2b',
    sakura1a: 'group-sakura1a',
  },
  sessions: {
    oceanLive: 'session-ocean-live',
    forestLive: 'session-forest-live',
    cityNotice: 'session-city-notice',
    oceanArchive: 'session-ocean-archive',
    forestArchive: 'session-forest-archive',
    cityPrivate: 'session-city-private',
  },
  /**
   * One work per theme, shared by the theme's sessions (a live session and its archive ask the
   * same question; one copy each listed every work twice in the studio's picker, issue 24). The
   * ids are those the archive's copy had, so links and outputs keep them.
   */
  works: {
    ocean: 'work-ocean-archive',
    forest: 'work-forest-archive',
    city: 'work-city-notice',
  },
} as const;

type Slug = 'ocean' | 'forest' | 'city';

const VIDEO_SECONDS = 60;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const media = {
  playlist: (slug: Slug) => `/media/videos/${slug}/master.m3u8`,
  captions: (slug: Slug) => ({
    ja: `/media/videos/${slug}/captions.ja.vtt`,
    en: `/media/videos/${slug}/captions.en.vtt`,
  }),
  image: (slug: Slug) => `/media/images/sessions/${slug}.jpg`,
  preset: (name: 'green' | 'blue' | 'pink') => `/media/images/presets/${name}.png`,
  avatar: (n: number) => `/media/images/avatars/${((n - 1) % 6) + 1}.png`,
};

type Lang = 'ja' | 'en';
/** A demo text in both languages: Japanese is what is stored, English its translation (issue 9). */
type Both<T = string> = Record<Lang, T>;

interface Topic {
  title: Both;
  job: Both;
  chapters: Both<[string, string, string]>;
  vote: Both<[string, string, string]>;
  discuss: Both;
}

const TOPICS: Record<Slug, Topic> = {
  ocean: {
    title: { ja: '海の生き物と私たちのくらし', en: 'Life in the Ocean and Our Daily Lives' },
    job: { ja: '海洋生物学者', en: 'Marine biologist' },
    chapters: {
      ja: ['はじめに', '波の下の生き物たち', '私たちにできること'],
      en: ['Introduction', 'Life under the waves', 'What can we do?'],
    },
    vote: {
      ja: ['レジ袋', 'ペットボトル', '漁網'],
      en: ['Plastic bags', 'Bottles', 'Fishing nets'],
    },
    discuss: {
      ja: 'いちばん驚いた海の生き物は何でしたか？',
      en: 'Which ocean animal surprised you the most?',
    },
  },
  forest: {
    title: { ja: '森が守る水と空気', en: 'How Forests Protect Water and Air' },
    job: { ja: '森林官', en: 'Forest ranger' },
    chapters: {
      ja: ['森の中へ', 'はたらく木々', '森とまち'],
      en: ['Into the forest', 'Trees at work', 'Forests and towns'],
    },
    vote: {
      ja: ['木を植える', '紙を使う量を減らす', '森に出かける'],
      en: ['Plant trees', 'Use less paper', 'Visit forests'],
    },
    discuss: {
      ja: '森はあなたのまちに何をもたらしていますか？',
      en: 'What does a forest give to your town?',
    },
  },
  city: {
    title: { ja: 'まちづくりの仕事', en: 'The People Who Design Cities' },
    job: { ja: '都市計画家', en: 'Urban planner' },
    chapters: {
      ja: ['まちが目を覚ます', '人を運ぶしくみ', '未来のまち'],
      en: ['A city wakes up', 'Moving people', 'The city of the future'],
    },
    vote: {
      ja: ['公園を増やす', 'バスを便利に', '安全な自転車レーン'],
      en: ['More parks', 'Better buses', 'Safer bike lanes'],
    },
    discuss: {
      ja: 'あなたの住む地域で変えたいことは何ですか？',
      en: 'What would you change in your neighbourhood?',
    },
  },
};

/** The words of the demo timeline and session pages that do not depend on the topic. */
const WORDS = {
  vote: { ja: 'まず何を変えるべき？', en: 'What should we change first?' },
  output: { ja: 'あなたのアイデアを書こう', en: 'Share your idea' },
  feedback: { ja: 'クラスメートのアイデアを読もう', en: "Read your classmates' ideas" },
  reflection: { ja: '今日の学びをふりかえろう', en: 'Look back on today' },
  guideLabel: { ja: 'ガイド', en: 'Guide' },
  worksheet: { ja: 'ワークシート（PDF）', en: 'Worksheet (PDF)' },
  ideaNote: { ja: '今日学んだことは何ですか？', en: 'What did you learn today?' },
  thinkNote: { ja: '考えさせられたことは何ですか？', en: 'What made you think?' },
  actionNote: { ja: '次に試してみたいことは何ですか？', en: 'What will you try next?' },
  why: { ja: 'なぜそう思いますか？', en: 'Why do you think so?' },
  picture: { ja: 'アイデアを表す絵を選びましょう', en: 'Choose a picture that shows your idea' },
  family: {
    ja: '今日学んだことを一つ、家族に話します。',
    en: 'I will tell my family one thing I learned today.',
  },
} satisfies Record<string, Both>;

const description = (t: Topic, lang: Lang) =>
  lang === 'ja'
    ? `${t.title.ja}。${t.job.ja}と学ぶ${VIDEO_SECONDS}秒のガイドセッションです。`
    : `${t.title.en}. A ${VIDEO_SECONDS}-second guide session with a ${t.job.en.toLowerCase()}.`;

/** The timeline of a 60-second demo video in one language: every kind of timed action appears. */
function timedActions(slug: Slug, lang: Lang): TimedActionJson[] {
  const t = TOPICS[slug];
  const chapters = t.chapters[lang];
  return [
    { start: 0, end: 15, action: 'chapter', params: { name: chapters[0] } },
    { start: 4, end: 11, action: 'telop', params: { title: t.title[lang], name: t.job[lang] } },
    { start: 15, end: 30, action: 'chapter', params: { name: chapters[1] } },
    {
      start: 18,
      end: 26,
      action: 'image',
      params: { image: media.image(slug), name: chapters[1] },
    },
    {
      start: 24,
      end: 38,
      action: 'discuss',
      params: {
        name: t.discuss[lang],
        discussId: `${slug}-discuss-1`,
        type: 'opinion',
        title: t.discuss[lang],
      },
    },
    { start: 30, end: VIDEO_SECONDS, action: 'chapter', params: { name: chapters[2] } },
    {
      start: 34,
      end: 48,
      resultTime: 44,
      action: 'vote',
      params: { name: WORDS.vote[lang], discussId: `${slug}-vote-1`, choices: [...t.vote[lang]] },
    },
    {
      start: 48,
      show: 48,
      hide: 56,
      action: 'output',
      params: { name: WORDS.output[lang], type: 'free' },
    },
    { start: 52, action: 'feedback', params: { name: WORDS.feedback[lang] } },
    { start: 56, action: 'reflection', params: { name: WORDS.reflection[lang] } },
  ];
}

/** The English words of the timeline, by position: what `translations.en.actions` stores. */
const actionTranslations = (slug: Slug) =>
  timedActions(slug, 'en').map(({ params: { name, title, choices } }) => ({
    ...(name !== undefined ? { name } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(choices !== undefined ? { choices } : {}),
  }));

interface SessionSeed {
  id: string;
  slug: Slug;
  status: SessionStatusValue;
  start: number;
  isWatchable: boolean;
  target: SessionTargetJson;
  videoType: 'LIVE' | 'ARCHIVE' | 'INSPIRE' | 'PRIVATE';
  participantLimit: number | null;
  tags: string[];
  pickup?: boolean;
  /**
   * What tells this session from its twin on the same topic (a live one and an archive share a
   * video): appended to the title in each language (issue 9).
   */
  edition?: { ja: string; en: string };
}

const TAGS = [
  {
    id: 'tag-environment',
    type: 'tag',
    name: 'environment',
    labels: { ja: '環境', en: 'Environment' },
    color: '#2f9e44',
  },
  {
    id: 'tag-science',
    type: 'tag',
    name: 'science',
    labels: { ja: '科学', en: 'Science' },
    color: '#1971c2',
  },
  {
    id: 'tag-community',
    type: 'tag',
    name: 'community',
    labels: { ja: '地域', en: 'Community' },
    color: '#e8590c',
  },
  {
    id: 'word-biodiversity',
    type: 'word',
    name: 'biodiversity',
    labels: { ja: '生物多様性', en: 'Biodiversity' },
  },
  {
    id: 'lifestyle-sustainable',
    type: 'lifestyle',
    name: 'sustainable living',
    labels: { ja: '持続可能なくらし', en: 'Sustainable living' },
  },
  {
    id: 'job-marine-biologist',
    type: 'job',
    name: 'marine biologist',
    labels: { ja: '海洋生物学者', en: 'Marine biologist' },
  },
  {
    id: 'job-forest-ranger',
    type: 'job',
    name: 'forest ranger',
    labels: { ja: '森林官', en: 'Forest ranger' },
  },
  {
    id: 'job-urban-planner',
    type: 'job',
    name: 'urban planner',
    labels: { ja: '都市計画家', en: 'Urban planner' },
  },
] as const;

const JOB_TAG: Record<Slug, string> = {
  ocean: 'job-marine-biologist',
  forest: 'job-forest-ranger',
  city: 'job-urban-planner',
};

function sessionSeeds(now: number): SessionSeed[] {
  const s = DEMO_IDS.sessions;
  return [
    // Starts within the next hour: the live block on the home page shows it first.
    {
      id: s.oceanLive,
      edition: { ja: '海洋生物学者とライブで話そう', en: 'Talk Live with a Marine Biologist' },
      slug: 'ocean',
      status: 'IN_PROGRESS',
      start: now + 30 * 60 * 1000,
      isWatchable: true,
      target: { type: 'ALL' },
      videoType: 'LIVE',
      participantLimit: 40,
      tags: ['tag-environment', 'tag-science'],
      pickup: true,
    },
    // Later the same day (a few hours ahead of seeding).
    {
      id: s.forestLive,
      edition: { ja: '森林官とライブで話そう', en: 'Talk Live with a Forest Ranger' },
      slug: 'forest',
      status: 'IN_PROGRESS',
      start: now + 5 * HOUR,
      isWatchable: true,
      target: { type: 'SCHOOL', targets: [DEMO_IDS.school] },
      videoType: 'LIVE',
      participantLimit: null,
      tags: ['tag-environment', 'word-biodiversity'],
    },
    {
      id: s.cityNotice,
      slug: 'city',
      status: 'NOTICE',
      start: now + 3 * DAY,
      isWatchable: false,
      target: { type: 'ALL' },
      videoType: 'LIVE',
      participantLimit: null,
      tags: ['tag-community'],
    },
    {
      id: s.oceanArchive,
      edition: { ja: '海ごみを追った記録', en: 'Following Ocean Litter' },
      slug: 'ocean',
      status: 'COMPLETE',
      start: now - 7 * DAY,
      isWatchable: true,
      target: { type: 'ALL' },
      videoType: 'ARCHIVE',
      participantLimit: null,
      tags: ['tag-science', 'lifestyle-sustainable'],
    },
    {
      id: s.forestArchive,
      edition: { ja: '森の一年の記録', en: 'A Year in the Forest' },
      slug: 'forest',
      status: 'COMPLETE',
      start: now - 14 * DAY,
      isWatchable: true,
      target: { type: 'GROUP', targets: [DEMO_IDS.groups.class2a] },
      videoType: 'ARCHIVE',
      participantLimit: null,
      tags: ['tag-environment'],
    },
    {
      id: s.cityPrivate,
      slug: 'city',
      status: 'PRIVATE',
      start: now - 2 * DAY,
      isWatchable: false,
      target: { type: 'ALL' },
      videoType: 'PRIVATE',
      participantLimit: null,
      tags: ['tag-community'],
    },
  ];
}

function sessionRow(seed: SessionSeed): Insertable<SessionsTable> {
  const t = TOPICS[seed.slug];
  const variant = (title: string): LangVariantJson => ({
    title,
    image: media.image(seed.slug),
    thumbnailImage: media.image(seed.slug),
  });
  const ja = seed.edition ? `${t.title.ja}：${seed.edition.ja}` : t.title.ja;
  const en = seed.edition ? `${t.title.en}: ${seed.edition.en}` : t.title.en;
  const texts = (lang: Lang) => ({
    sub_title:
      lang === 'ja'
        ? `${t.job.ja}の仕事から学ぶ`
        : `Learning from a ${t.job.en.toLowerCase()}'s work`,
    description: description(t, lang),
    guide: [...t.chapters[lang]],
    guide_label: WORDS.guideLabel[lang],
    job: t.job[lang],
    reflection: {
      ideaNote: { placeHolder: WORDS.ideaNote[lang] },
      thinkNote: { placeHolder: WORDS.thinkNote[lang] },
      actionNote: { placeHolder: WORDS.actionNote[lang] },
    },
    document_links: [
      { label: WORDS.worksheet[lang], url: `/media/images/sessions/${seed.slug}.jpg` },
    ],
    questions: [t.discuss[lang]],
  });
  const written = texts('ja');
  return {
    id: seed.id,
    title: ja,
    sub_title: written.sub_title,
    description: written.description,
    image: media.image(seed.slug),
    thumbnail_image: media.image(seed.slug),
    guide: json(written.guide),
    guide_label: written.guide_label,
    job: written.job,
    status: seed.status,
    start_time: new Date(seed.start),
    end_time: new Date(seed.start + HOUR),
    join_offset: 15,
    feedback_time: 10,
    work_time: 10,
    is_watchable: seed.isWatchable,
    is_free_on_web: seed.status === 'COMPLETE',
    pickup: seed.pickup ?? false,
    show_pre_chat: seed.status === 'IN_PROGRESS',
    target: json(seed.target),
    participant_limit: seed.participantLimit,
    reflection: json(written.reflection),
    document_links: json(written.document_links),
    ja: json(variant(ja)),
    en: json(variant(en)),
    questions: json(written.questions),
    translations: json({ en: texts('en') }),
  };
}

/** A work (the output prompt) in one language. */
function workTexts(slug: Slug, lang: Lang) {
  const t = TOPICS[slug];
  return {
    title: lang === 'ja' ? `あなたのアイデア：${t.title.ja}` : `Your idea: ${t.title.en}`,
    description:
      lang === 'ja'
        ? `「${t.title.ja}」を見て、自分ならどうするかを書きましょう。絵を添えてもかまいません。`
        : `Write what you would do after watching "${t.title.en}". Add a picture if you like.`,
    questions: [t.discuss[lang], WORDS.why[lang], WORDS.picture[lang]],
    examples: [
      {
        image: media.preset('green'),
        description:
          lang === 'ja'
            ? `${t.job.ja}の仕事についてもっと知りたいです。`
            : `I want to learn more about the ${t.job.en.toLowerCase()}'s work.`,
      },
      { image: media.preset('blue'), description: WORDS.family[lang] },
    ],
  };
}

export interface SeedResult {
  seeded: boolean;
  users: number;
  sessions: number;
}

/**
 * Seeds the demo school, its people and sessions. Idempotent: does nothing when the demo school
 * already exists. Everything is written in one transaction, so a crash leaves no half seed.
 * Session times are relative to `now` (the seeding time).
 */
export async function seedDemo(db: Db, options: { now?: Date } = {}): Promise<SeedResult> {
  const exists = await db
    .selectFrom('schools')
    .select('id')
    .where('id', '=', DEMO_IDS.school)
    .executeTakeFirst();
  if (exists) return { seeded: false, users: 0, sessions: 0 };
  const now = (options.now ?? new Date()).getTime();

  // One argon2 hash per distinct demo password (7, not 39): these passwords are published in
  // the README, so a shared salt hides nothing, and every test database seeds faster.
  const byPassword = new Map(
    await Promise.all(
      [...new Set(DEMO_ACCOUNTS.map((a) => a.password))].map(
        async (p) => [p, await hashPassword(p)] as const,
      ),
    ),
  );
  const hashes = new Map(DEMO_ACCOUNTS.map((a) => [a.account, byPassword.get(a.password)!]));
  const sessions = sessionSeeds(now);

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('schools')
      .values([
        {
          id: DEMO_IDS.school,
          name: 'ともに中学校',
          name_en: 'Tomoni Junior High School',
          care_contact: '保健室の先生・スクールカウンセラー（職員室 03-0000-1234）',
        },
        { id: DEMO_IDS.otherSchool, name: 'さくら中学校', name_en: 'Sakura Junior High School' },
      ])
      .execute();
    const g = DEMO_IDS.groups;
    await trx
      .insertInto('groups')
      .values([
        { id: g.grade2, school_id: DEMO_IDS.school, parent_id: null, name: '2年 Grade 2' },
        { id: g.class2a, school_id: DEMO_IDS.school, parent_id: g.grade2, name: 'Class 2-A' },
        {
          id: g.class2b,
          school_id: DEMO_IDS.school,
          parent_id: g.grade2,
          name: 'Class 2-B',
          confirm_type: 'suspended',
        },
        { id: g.sakura1a, school_id: DEMO_IDS.otherSchool, parent_id: null, name: 'Sakura 1-A' },
      ])
      .execute();

    const userIds = new Map<string, string>();
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      const schoolId = a.groups.includes('sakura1a')
        ? DEMO_IDS.otherSchool
        : a.role === 'admin'
          ? null
          : DEMO_IDS.school;
      const row = await trx
        .insertInto('users')
        .values({
          account: a.account,
          name: a.name,
          display_name: a.displayName,
          password_hash: hashes.get(a.account)!,
          role: a.role,
          school_id: schoolId,
          is_guest: a.isGuest,
          lang: 'ja',
          country: 'JP',
          state: '13',
          prefecture: '13',
          terms_agreement_version: a.termsAgreementVersion,
          is_password_unconfirmed: a.isPasswordUnconfirmed,
          student_number: a.role === 'member' && !a.isGuest ? String(i).padStart(4, '0') : null,
          birth_year: a.role === 'member' ? 2012 : null,
          image: media.avatar(i + 1),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.set(a.account, row.id);
      if (a.groups.length > 0) {
        await trx
          .insertInto('group_members')
          .values(a.groups.map((key) => ({ group_id: g[key], user_id: row.id })))
          .execute();
      }
    }

    await trx
      .insertInto('tags')
      .values(
        TAGS.map((t) => ({
          id: t.id,
          type: t.type,
          name: t.name,
          color: 'color' in t ? t.color : null,
          labels: json(t.labels),
        })),
      )
      .execute();

    for (const seed of sessions) {
      const t = TOPICS[seed.slug];
      await trx.insertInto('sessions').values(sessionRow(seed)).execute();
      await trx
        .insertInto('videos')
        .values({
          id: `video-${seed.id.replace(/^session-/, '')}`,
          session_id: seed.id,
          provider: 'HLS',
          type: seed.videoType,
          status: seed.status,
          title: t.title.ja,
          video_id: media.playlist(seed.slug),
          description: description(t, 'ja'),
          caption_file: json(media.captions(seed.slug)),
          duration: VIDEO_SECONDS,
          lang: 'ja',
          actions: json(timedActions(seed.slug, 'ja')),
          translations: json({
            en: {
              title: t.title.en,
              description: description(t, 'en'),
              actions: actionTranslations(seed.slug),
            },
          }),
        })
        .execute();
      await trx
        .insertInto('session_tags')
        .values(
          [...seed.tags, JOB_TAG[seed.slug]].map((tag_id, position) => ({
            session_id: seed.id,
            tag_id,
            position,
          })),
        )
        .execute();
      const workId = DEMO_IDS.works[seed.slug];
      const work = workTexts(seed.slug, 'ja');
      await trx
        .insertInto('works')
        .values({
          id: workId,
          title: work.title,
          description: work.description,
          image: media.image(seed.slug),
          questions: json(work.questions),
          associated_color: sessions.findIndex((x) => x.slug === seed.slug) % 3,
          examples: json(work.examples),
          translations: json({ en: workTexts(seed.slug, 'en') }),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('session_works')
        .values({ session_id: seed.id, work_id: workId })
        .execute();
    }

    await seedActivity(trx, userIds, now);
    await seedProfileDemo(trx, userIds, now, DEMO_IDS.sessions);
    await seedHomeDemo(trx, userIds, now);
  });

  return { seeded: true, users: DEMO_ACCOUNTS.length, sessions: sessions.length };
}

const OUTPUT_TEXTS = [
  'I did not know that so many animals live in the deep sea. I want to reduce plastic at home.',
  'The diver said every small action matters. I will bring my own bottle to school.',
  'I was surprised that sea turtles eat plastic bags because they look like jellyfish.',
  'I want to become a scientist who studies the ocean, so I will study English and science harder.',
  'My family goes to the beach every summer. Next time we will pick up litter together.',
  'I learned that the ocean makes a lot of the oxygen we breathe. It is connected to our life.',
];
const FEEDBACK_TEXTS = [
  'Great idea! I want to try it too.',
  'Your drawing made your idea easy to understand.',
  'I agree. Small actions add up.',
];

/** A living archive: outputs, feedback, reactions and reflections on the ocean archive. */
async function seedActivity(trx: Db, userIds: Map<string, string>, now: number): Promise<void> {
  const sessionId = DEMO_IDS.sessions.oceanArchive;
  const workId = DEMO_IDS.works.ocean;
  const presets = ['green', 'blue', 'pink'] as const;
  const outputIds: string[] = [];
  for (const [i, text] of OUTPUT_TEXTS.entries()) {
    const userId = userIds.get(`student${String(i + 1).padStart(2, '0')}`)!;
    const at = new Date(now - 7 * DAY + (i + 1) * HOUR);
    const out = await trx
      .insertInto('outputs')
      .values({
        session_id: sessionId,
        work_id: workId,
        user_id: userId,
        description: text,
        status: 'published',
        rate: 50 + i * 8,
        published_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    outputIds.push(out.id);
    await trx
      .insertInto('output_images')
      .values({ output_id: out.id, url: media.preset(presets[at.getTime() % 3]!) })
      .execute();
    await trx
      .insertInto('activities')
      .values({
        type: 'joinSession',
        user_id: userId,
        session_id: sessionId,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  for (const [i, outputId] of outputIds.entries()) {
    const authorIndex = ((i + 1) % outputIds.length) + 1;
    const userId = userIds.get(`student${String(authorIndex).padStart(2, '0')}`)!;
    const at = new Date(now - 6 * DAY + i * HOUR);
    await trx
      .insertInto('feedbacks')
      .values({
        output_id: outputId,
        session_id: sessionId,
        work_id: workId,
        user_id: userId,
        content: FEEDBACK_TEXTS[i % FEEDBACK_TEXTS.length]!,
        // One awaits approval, so the "awaiting approval" label has something to show.
        status: i === 0 ? 'pending' : 'published',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .insertInto('actions')
      .values({
        type: (['inspired', 'wow', 'thinking', 'crying'] as const)[i % 4]!,
        target: 'output',
        target_id: outputId,
        output_id: outputId,
        session_id: sessionId,
        user_id: userIds.get('teacher')!,
      })
      .execute();
  }
  for (const n of [1, 2, 3]) {
    await trx
      .insertInto('reflections')
      .values({
        session_id: sessionId,
        user_id: userIds.get(`student0${n}`)!,
        idea_note: 'The ocean is connected to everything we do.',
        think_note: 'Why do people still throw litter on the beach?',
        action_note: 'I will use a reusable bag.',
        score: 6 + n,
        status: 'published',
      })
      .execute();
  }
}
