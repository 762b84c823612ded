import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InquiryProjectsResponse, PinnedSlidesResponse } from '../../contracts/api/projects';
import { SessionWorksResponse } from '../../contracts/api/outputs';
import { ReportSessionsResponse } from '../../contracts/api/reports';
import {
  GetSessionResponse,
  ListSessionsResponse,
  VoteResponse,
} from '../../contracts/api/sessions';
import type { TimedAction } from '../../contracts/entities';
import { json } from '../db/json';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Content in the reader's language (issue 9: 15): the demo content is stored in Japanese with an
 * English translation; each reader gets their language setting's words, and content written in
 * one language (no translation) is shown as written.
 */
let t: TestApp;
const OCEAN = DEMO_IDS.sessions.oceanArchive;

beforeAll(async () => {
  t = await createTestApp();
  // student02 reads English; student01 keeps the seeded Japanese.
  await t.db
    .updateTable('users')
    .set({ lang: 'en' })
    .where('account', 'in', ['student02', 'supporter'])
    .execute();
});
afterAll(async () => {
  await t.close();
});

const get = async (account: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: await t.authHeader(account) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
};

const timelineOf = async (account: string): Promise<TimedAction[]> =>
  GetSessionResponse.parse(await get(account, `/v1/session/${OCEAN}`)).item.videos![0]!.actions;

describe('content language', () => {
  it('answers a session, its chapters, telop, discussion and vote in the reader’s language', async () => {
    const ja = GetSessionResponse.parse(await get('student01', `/v1/session/${OCEAN}`)).item;
    const en = GetSessionResponse.parse(await get('student02', `/v1/session/${OCEAN}`)).item;
    expect(ja.title).toBe('海の生き物と私たちのくらし：海ごみを追った記録');
    expect(en.title).toBe('Life in the Ocean and Our Daily Lives: Following Ocean Litter');
    expect(ja.subTitle).toBe('海洋生物学者の仕事から学ぶ');
    expect(en.subTitle).toBe("Learning from a marine biologist's work");
    expect(ja.description).toContain('海洋生物学者と学ぶ');
    expect(en.description).toContain('guide session with a marine biologist');
    expect(ja.guide).toEqual(['はじめに', '波の下の生き物たち', '私たちにできること']);
    expect(en.guide).toEqual(['Introduction', 'Life under the waves', 'What can we do?']);
    expect(ja.reflection?.ideaNote.placeHolder).toBe('今日学んだことは何ですか？');
    expect(en.reflection?.ideaNote.placeHolder).toBe('What did you learn today?');

    const names = (actions: TimedAction[], kind: TimedAction['action']) =>
      actions.filter((a) => a.action === kind).map((a) => a.params.name);
    const jaActions = await timelineOf('student01');
    const enActions = await timelineOf('student02');
    expect(names(jaActions, 'chapter')).toEqual(ja.guide);
    expect(names(enActions, 'chapter')).toEqual(en.guide);
    expect(names(jaActions, 'discuss')).toEqual(['いちばん驚いた海の生き物は何でしたか？']);
    expect(names(enActions, 'discuss')).toEqual(['Which ocean animal surprised you the most?']);
    expect(jaActions.find((a) => a.action === 'telop')?.params.title).toBe(
      '海の生き物と私たちのくらし',
    );
    expect(enActions.find((a) => a.action === 'telop')?.params.title).toBe(
      'Life in the Ocean and Our Daily Lives',
    );
    // Timing is the same whatever the language.
    expect(enActions.map((a) => [a.action, a.start, a.end])).toEqual(
      jaActions.map((a) => [a.action, a.start, a.end]),
    );

    const jaVote = jaActions.find((a) => a.action === 'vote')!.params;
    const enVote = enActions.find((a) => a.action === 'vote')!.params;
    expect(jaVote).toMatchObject({
      name: 'まず何を変えるべき？',
      choices: ['レジ袋', 'ペットボトル', '漁網'],
    });
    expect(jaVote.labels).toBeUndefined();
    // A ballot names the choice as written, so the English reader gets the same choices and
    // the English words beside them.
    expect(enVote).toMatchObject({
      name: 'What should we change first?',
      choices: ['レジ袋', 'ペットボトル', '漁網'],
      labels: ['Plastic bags', 'Bottles', 'Fishing nets'],
    });
  });

  it('lists sessions in the reader’s language', async () => {
    const titles = async (account: string) =>
      ListSessionsResponse.parse(await get(account, '/v1/sessions')).items.map((s) => s.title);
    expect(await titles('student01')).toContain('森が守る水と空気：森の一年の記録');
    expect(await titles('student02')).toContain(
      'How Forests Protect Water and Air: A Year in the Forest',
    );
  });

  it('answers the output prompt’s work (title, questions, examples) in the reader’s language', async () => {
    const work = async (account: string) =>
      SessionWorksResponse.parse(await get(account, `/v1/session/${OCEAN}/works`)).items[0]!;
    const ja = await work('student01');
    const en = await work('student02');
    expect(ja.title).toBe('あなたのアイデア：海の生き物と私たちのくらし');
    expect(en.title).toBe('Your idea: Life in the Ocean and Our Daily Lives');
    expect(ja.questions).toEqual([
      'いちばん驚いた海の生き物は何でしたか？',
      'なぜそう思いますか？',
      'アイデアを表す絵を選びましょう',
    ]);
    expect(en.questions?.[1]).toBe('Why do you think so?');
    expect(en.examples[1]?.description).toBe('I will tell my family one thing I learned today.');
  });

  it('answers projects and their slides in the reader’s language', async () => {
    const names = async (account: string) =>
      InquiryProjectsResponse.parse(await get(account, '/v1/inquiryProjects')).items.map(
        (p) => p.name,
      );
    expect(await names('student01')).toContain('まちの鳥マップ');
    expect(await names('student02')).toContain('Our town bird map');
    const ja = PinnedSlidesResponse.parse(
      await get('student01', '/v1/inquiryProjects/pinnedSlides'),
    );
    const en = PinnedSlidesResponse.parse(
      await get('student02', '/v1/inquiryProjects/pinnedSlides'),
    );
    const bird = (items: typeof ja.items, name: string) =>
      items.find((s) => s.projectName === name);
    expect(bird(ja.items, 'まちの鳥マップ')?.values).toMatchObject({ title: 'まちの鳥たち' });
    expect(bird(en.items, 'Our town bird map')?.values).toMatchObject({
      title: 'Birds in our town',
    });
    expect(bird(en.items, 'Our town bird map')?.slideSchema.map((i) => i.label ?? null)).toContain(
      'Next steps',
    );
    expect(bird(ja.items, 'まちの鳥マップ')?.slideSchema.map((i) => i.label ?? null)).toContain(
      '次の一歩',
    );
  });

  it('names the report’s sessions in the reader’s language', async () => {
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/v1/report/refresh',
      headers: await t.authHeader('teacher'),
    });
    expect(refresh.statusCode, refresh.body).toBeLessThan(300);
    const titles = async (account: string) =>
      ReportSessionsResponse.parse(
        await get(account, `/v1/report/group/${DEMO_IDS.groups.class2a}/sessions`),
      ).items.map((s) => s.title);
    expect(await titles('teacher')).toContain('海の生き物と私たちのくらし：海ごみを追った記録');
    await t.db.updateTable('users').set({ lang: 'en' }).where('account', '=', 'teacher').execute();
    try {
      expect(await titles('teacher')).toContain(
        'Life in the Ocean and Our Daily Lives: Following Ocean Litter',
      );
    } finally {
      await t.db
        .updateTable('users')
        .set({ lang: 'ja' })
        .where('account', '=', 'teacher')
        .execute();
    }
  });

  it('one tally for a room of both languages: a ballot in English words counts as written', async () => {
    const cast = async (account: string, choice: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/session/${OCEAN}/vote`,
        headers: await t.authHeader(account),
        payload: { voteKey: 'ocean-vote-1', choice },
      });
      expect(res.statusCode, res.body).toBe(200);
      return VoteResponse.parse(res.json());
    };
    await cast('student01', 'ペットボトル');
    const en = await cast('student02', 'Bottles');
    expect(en.item.choice).toBe('ペットボトル');
    expect(en.tally.counts['ペットボトル']).toBe(2);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/v1/session/${OCEAN}/vote`,
      headers: await t.authHeader('student03'),
      payload: { voteKey: 'ocean-vote-1', choice: 'Submarines' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows content written in one language as written, to every reader', async () => {
    const video = await t.db
      .selectFrom('videos')
      .select('actions')
      .where('session_id', '=', DEMO_IDS.sessions.cityNotice)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sessions')
      .set({ description: '先生が書いた説明', translations: json({}) })
      .where('id', '=', DEMO_IDS.sessions.forestLive)
      .execute();
    await t.db
      .updateTable('videos')
      .set({ actions: json(video.actions), translations: json({}) })
      .where('session_id', '=', DEMO_IDS.sessions.forestLive)
      .execute();
    for (const account of ['student01', 'student02']) {
      const s = GetSessionResponse.parse(
        await get(account, `/v1/session/${DEMO_IDS.sessions.forestLive}`),
      ).item;
      expect(s.description).toBe('先生が書いた説明');
      expect(s.videos![0]!.actions.find((a) => a.action === 'chapter')?.params.name).toBe(
        'まちが目を覚ます',
      );
    }
  });
});
