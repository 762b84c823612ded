import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimedActionKind, Video } from '../../contracts/entities';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from './accounts';
import { DEMO_IDS, seedDemo } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo seed', () => {
  it('creates every DEMO_ACCOUNTS entry with its password, role and login outcome', async () => {
    expect(DEMO_ACCOUNTS.filter((a) => /^student\d\d$/.test(a.account))).toHaveLength(30);
    const results = await Promise.all(
      DEMO_ACCOUNTS.map(async (a) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { username: a.account, password: a.password },
        });
        return {
          account: a.account,
          expected: a.login === 'ok' ? 200 : 403,
          status: res.statusCode,
          body: res.json(),
        };
      }),
    );
    for (const r of results) expect(r.status, r.account).toBe(r.expected);

    const rows = await t.db
      .selectFrom('users')
      .select(['account', 'role', 'is_guest', 'terms_agreement_version'])
      .execute();
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    for (const a of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.account === a.account);
      expect(row, a.account).toMatchObject({
        role: a.role,
        is_guest: a.isGuest,
        terms_agreement_version: a.termsAgreementVersion,
      });
    }
    const roles = new Set(DEMO_ACCOUNTS.map((a) => a.role));
    for (const role of ['member', 'supporter', 'teacher', 'staff', 'admin', 'graduated'] as const) {
      expect(roles.has(role), role).toBe(true);
    }
  });

  it('is idempotent', async () => {
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await seedDemo(t.db)).seeded).toBe(false);
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('has one suspended class and sessions of every status, two live ones today', async () => {
    const groups = await t.db
      .selectFrom('groups')
      .selectAll()
      .where('school_id', '=', DEMO_IDS.school)
      .execute();
    expect(groups).toHaveLength(3);
    expect(groups.filter((g) => g.confirm_type === 'suspended').map((g) => g.name)).toEqual([
      'Class 2-B',
    ]);

    const sessions = await t.db.selectFrom('sessions').selectAll().execute();
    expect(sessions.length).toBeGreaterThanOrEqual(6);
    const byStatus = (s: string) => sessions.filter((x) => x.status === s);
    expect(byStatus('NOTICE').length).toBeGreaterThanOrEqual(1);
    expect(byStatus('COMPLETE').length).toBeGreaterThanOrEqual(2);
    expect(byStatus('PRIVATE').length).toBeGreaterThanOrEqual(1);
    const live = byStatus('IN_PROGRESS').map((s) => s.start_time.getTime() - Date.now());
    expect(live.some((ms) => ms > 0 && ms <= 60 * 60 * 1000)).toBe(true);
    expect(live.some((ms) => ms > 60 * 60 * 1000 && ms <= 12 * 60 * 60 * 1000)).toBe(true);
    for (const s of sessions) {
      expect(s.ja?.title, s.id).toBeTruthy();
      expect(s.en?.title, s.id).toBeTruthy();
      expect(s.image).toMatch(/^\/media\/images\/sessions\/(ocean|forest|city)\.jpg$/);
    }
  });

  it('gives every session a video that satisfies the Video contract with every timed action kind', async () => {
    const videos = await t.db.selectFrom('videos').selectAll().execute();
    const sessions = await t.db.selectFrom('sessions').select('id').execute();
    expect(new Set(videos.map((v) => v.session_id))).toEqual(new Set(sessions.map((s) => s.id)));
    for (const v of videos) {
      const parsed = Video.safeParse({
        id: v.id,
        provider: v.provider,
        type: v.type,
        status: v.status,
        title: v.title,
        videoId: v.video_id,
        captionFile: v.caption_file ?? undefined,
        duration: v.duration ?? undefined,
        lang: v.lang,
        actions: v.actions,
      });
      expect(parsed.success, v.id).toBe(true);
      expect(v.video_id).toMatch(/^\/media\/videos\/(ocean|forest|city)\/master\.m3u8$/);
      const kinds = new Set(v.actions.map((a) => a.action));
      for (const k of TimedActionKind.options) {
        expect(kinds.has(k), `${v.id} ${k}`).toBe(true);
      }
    }
    const works = await t.db.selectFrom('works').selectAll().execute();
    expect(works.every((w) => w.questions.length > 0 && w.examples.length > 0)).toBe(true);
    const tags = await t.db.selectFrom('session_tags').selectAll().execute();
    expect(tags.length).toBeGreaterThan(sessions.length);
  });
});

describe('README.md', () => {
  it('lists every demo account with its password and role', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    // Columns: role | account | password | notes.
    const rows = readme.split('\n').filter((l) => /^\|[^|]+\|\s*`/.test(l));
    for (const a of DEMO_ACCOUNTS) {
      const n = /^student(\d\d)$/.exec(a.account)?.[1];
      // student01 … student28 share one row.
      const first = n && Number(n) <= 28 ? '`student01` … `student28`' : `\`${a.account}\``;
      const row = rows.find((r) => r.split('|')[2]?.trim() === first);
      expect(row, a.account).toBeDefined();
      expect(row).toContain(`\`${a.password}\``);
      expect(row).toContain(a.role);
    }
  });
});
