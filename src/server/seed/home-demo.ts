import type { Db } from '../db/database';
import { json } from '../db/json';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type SlideItem = {
  type: 'title' | 'image' | 'text' | 'hashTag' | 'date' | 'dictionary' | 'list' | 'dictionaryArray';
  mappingId: string;
  label?: string;
  layout: {
    x: number;
    y: number;
    width: number;
    height: number;
    fontSize?: number;
    color?: string;
  };
};

/**
 * One slide layout on the 1920×1080 canvas, used by every demo unit output: a title across the
 * top, the image panel (700 wide) on the left, and the other item types on the right.
 */
const slideSchema = (lang: 'ja' | 'en'): SlideItem[] => [
  {
    type: 'title',
    mappingId: 'title',
    layout: { x: 80, y: 60, width: 1760, height: 140, fontSize: 72, color: '#1b3a4b' },
  },
  { type: 'image', mappingId: 'image', layout: { x: 80, y: 240, width: 700, height: 520 } },
  {
    type: 'date',
    mappingId: 'date',
    label: lang === 'ja' ? '日付' : 'Date',
    layout: { x: 80, y: 800, width: 700, height: 70, fontSize: 36 },
  },
  {
    type: 'hashTag',
    mappingId: 'tags',
    layout: { x: 80, y: 900, width: 1760, height: 110, fontSize: 40, color: '#0b7285' },
  },
  {
    type: 'text',
    mappingId: 'question',
    label: lang === 'ja' ? '問い' : 'Question',
    layout: { x: 860, y: 240, width: 980, height: 180, fontSize: 42 },
  },
  {
    type: 'dictionary',
    mappingId: 'facts',
    label: lang === 'ja' ? 'わかったこと' : 'What we found',
    layout: { x: 860, y: 440, width: 460, height: 420, fontSize: 34 },
  },
  {
    type: 'list',
    mappingId: 'next',
    label: lang === 'ja' ? '次の一歩' : 'Next steps',
    layout: { x: 1360, y: 440, width: 480, height: 200, fontSize: 34 },
  },
  {
    type: 'dictionaryArray',
    mappingId: 'survey',
    label: lang === 'ja' ? 'アンケート' : 'Survey',
    layout: { x: 1360, y: 660, width: 480, height: 200, fontSize: 30 },
  },
];

type Both<T = string> = Record<'ja' | 'en', T>;

interface DemoProject {
  owner: string;
  /** Japanese as stored, English as its translation (issue 9). */
  name: Both;
  pinned: boolean;
  updatedDaysAgo: number;
  /** Days ago of each published unit output (null: a draft unit). */
  units: Array<{ publishedDaysAgo: number | null; values: Both<Record<string, unknown>> }>;
}

const slideValues = (
  title: string,
  image: string,
  question: string,
  tags: string[],
  facts: Record<string, string>,
  next: string[],
  survey: Array<Record<string, string>>,
  date: number,
) => ({ title, image, question, tags, facts, next, survey, date });

function projects(now: number): DemoProject[] {
  return [
    {
      owner: 'student01',
      name: { ja: '川をきれいにするには', en: 'Cleaning our river' },
      pinned: false,
      updatedDaysAgo: 4,
      units: [
        {
          publishedDaysAgo: 5,
          values: {
            ja: slideValues(
              '私たちの川はどれくらいきれい？',
              '/media/images/sessions/forest.jpg',
              '橋の近くにごみが多いのはなぜ？',
              ['川', 'ごみ', 'まち'],
              { 場所: '北橋', ふくろ: '12', ペットボトル: '34' },
              ['5月にもう一度ごみを数える', '町役場に聞いてみる'],
              [
                { だれ: '保護者', はい: '18' },
                { だれ: 'クラスメート', はい: '25' },
              ],
              now - 6 * DAY,
            ),
            en: slideValues(
              'How clean is our river?',
              '/media/images/sessions/forest.jpg',
              'Why is there so much litter near the bridge?',
              ['river', 'litter', 'town'],
              { Spot: 'North bridge', Bags: '12', Bottles: '34' },
              ['Count litter again in May', 'Ask the town office'],
              [
                { Who: 'Parents', Yes: '18' },
                { Who: 'Classmates', Yes: '25' },
              ],
              now - 6 * DAY,
            ),
          },
        },
      ],
    },
    {
      owner: 'student01',
      name: { ja: 'プラスチックのない給食', en: 'Plastic-free lunch' },
      pinned: false,
      updatedDaysAgo: 1,
      units: [{ publishedDaysAgo: null, values: { ja: {}, en: {} } }],
    },
    {
      owner: 'student02',
      name: { ja: 'まちの鳥マップ', en: 'Our town bird map' },
      pinned: true,
      updatedDaysAgo: 2,
      units: [
        {
          publishedDaysAgo: 2,
          values: {
            ja: slideValues(
              'まちの鳥たち',
              '/media/images/sessions/forest-thumb.jpg',
              '木が切られたら、鳥はどこに巣をつくるの？',
              ['鳥', '自然', '地図'],
              { 種類: '14', いちばん多い: 'スズメ', 巣: '6' },
              ['巣箱を2つ設置する', '1年生に地図を紹介する'],
              [
                { 場所: '公園', 鳥: '9' },
                { 場所: '学校', 鳥: '5' },
              ],
              now - 3 * DAY,
            ),
            en: slideValues(
              'Birds in our town',
              '/media/images/sessions/forest-thumb.jpg',
              'Where do birds nest when trees are cut down?',
              ['birds', 'nature', 'map'],
              { Species: '14', 'Most seen': 'Sparrow', Nests: '6' },
              ['Put up two nest boxes', 'Share the map with 1st graders'],
              [
                { Place: 'Park', Birds: '9' },
                { Place: 'School', Birds: '5' },
              ],
              now - 3 * DAY,
            ),
          },
        },
      ],
    },
    {
      owner: 'student03',
      name: { ja: '海のごみを減らす', en: 'Less ocean litter' },
      pinned: true,
      updatedDaysAgo: 3,
      units: [
        {
          publishedDaysAgo: 3,
          values: {
            ja: slideValues(
              '海のプラスチックを減らそう',
              '/media/images/sessions/ocean.jpg',
              '私たちのクラスは1週間にどれだけプラスチックを捨てている？',
              ['海', 'プラスチック'],
              { ペットボトル: '41', ふくろ: '17', ストロー: '9' },
              ['マイボトルを持ってくる', 'ポスターをつくる'],
              [
                { 曜日: '月', 個数: '12' },
                { 曜日: '金', 個数: '7' },
              ],
              now - 4 * DAY,
            ),
            en: slideValues(
              'Less plastic in the sea',
              '/media/images/sessions/ocean.jpg',
              'How much plastic does our class throw away in a week?',
              ['ocean', 'plastic'],
              { Bottles: '41', Bags: '17', Straws: '9' },
              ['Bring own bottles', 'Make a poster'],
              [
                { Day: 'Mon', Items: '12' },
                { Day: 'Fri', Items: '7' },
              ],
              now - 4 * DAY,
            ),
          },
        },
      ],
    },
    {
      owner: 'student04',
      name: { ja: '2050年のまち', en: 'Our city in 2050' },
      pinned: true,
      updatedDaysAgo: 6,
      units: [
        {
          publishedDaysAgo: 6,
          values: {
            ja: slideValues(
              '2050年の私たちのまち',
              '/media/images/sessions/city.jpg',
              'だれにとっても使いやすい駅前とは？',
              ['まち', '未来', 'デザイン'],
              { インタビュー: '8', アイデア: '23' },
              ['計画図をかく', 'クラスで発表する'],
              [
                { 年代: '10代', 希望: '公園' },
                { 年代: '70代', 希望: 'ベンチ' },
              ],
              now - 7 * DAY,
            ),
            en: slideValues(
              'Our city in 2050',
              '/media/images/sessions/city.jpg',
              'What should our station area look like for everyone?',
              ['city', 'future', 'design'],
              { Interviews: '8', Ideas: '23' },
              ['Draw the plan', 'Present to the class'],
              [
                { Age: '10s', Wants: 'Parks' },
                { Age: '70s', Wants: 'Benches' },
              ],
              now - 7 * DAY,
            ),
          },
        },
      ],
    },
    {
      owner: 'teacher',
      name: { ja: '学級の菜園日記', en: 'Class garden diary' },
      pinned: true,
      updatedDaysAgo: 8,
      units: [
        {
          publishedDaysAgo: 8,
          values: {
            ja: slideValues(
              '2年A組 菜園日記',
              '/media/images/sessions/space-thumb.jpg',
              '屋上でいちばんよく育つ野菜は？',
              ['菜園', '理科'],
              { トマト: '31', 豆: '58' },
              ['土を比べる', 'クラスでスープをつくる'],
              [
                { 週: '1', 高さ: '4 cm' },
                { 週: '4', 高さ: '21 cm' },
              ],
              now - 9 * DAY,
            ),
            en: slideValues(
              'Class 2-A garden diary',
              '/media/images/sessions/space-thumb.jpg',
              'Which vegetables grow best on our roof?',
              ['garden', 'science'],
              { Tomatoes: '31', Beans: '58' },
              ['Compare soil', 'Cook a class soup'],
              [
                { Week: '1', Height: '4 cm' },
                { Week: '4', Height: '21 cm' },
              ],
              now - 9 * DAY,
            ),
          },
        },
      ],
    },
    {
      // Another school's pinned project: never listed to the demo school.
      owner: 'sakura01',
      name: { ja: 'さくら川の調査', en: 'Sakura river study' },
      pinned: true,
      updatedDaysAgo: 1,
      units: [
        {
          publishedDaysAgo: 1,
          values: {
            ja: slideValues(
              'さくら川の調査',
              '/media/images/sessions/art.jpg',
              '川の水はどこから来るの？',
              ['川'],
              { サンプル: '5' },
              ['6月にもう一度調べる'],
              [{ 地点: 'A', pH: '7.1' }],
              now - 2 * DAY,
            ),
            en: slideValues(
              'Sakura river study',
              '/media/images/sessions/art.jpg',
              'Where does the river water come from?',
              ['river'],
              { Samples: '5' },
              ['Test again in June'],
              [{ Spot: 'A', pH: '7.1' }],
              now - 2 * DAY,
            ),
          },
        },
      ],
    },
  ];
}

/**
 * The home page's demo content: inquiry projects with unit outputs (some pinned, one of another
 * school), and notifications for student01: project feedback 30 hours old (shown) and 2 hours
 * old (still inside the 24-hour wait). Feedback on student01's outputs (the profile seed's) shows
 * as 'new feedback received' without rows here: those notifications are derived.
 * Runs inside the demo seed's transaction.
 */
export async function seedHomeDemo(
  trx: Db,
  userIds: ReadonlyMap<string, string>,
  now: number,
): Promise<void> {
  const id = (account: string) => {
    const found = userIds.get(account);
    if (!found) throw new Error(`seed: no demo user ${account}`);
    return found;
  };

  let riverProjectId = '';
  for (const p of projects(now)) {
    const published = p.units.flatMap((u) =>
      u.publishedDaysAgo === null ? [] : [u.publishedDaysAgo],
    );
    const latestPublished =
      published.length > 0 ? new Date(now - Math.min(...published) * DAY) : null;
    const updated = new Date(now - p.updatedDaysAgo * DAY);
    const row = await trx
      .insertInto('inquiry_projects')
      .values({
        user_id: id(p.owner),
        name: p.name.ja,
        translations: json({ en: { name: p.name.en } }),
        is_pinned: p.pinned,
        latest_published_at: latestPublished,
        created_at: new Date(updated.getTime() - 7 * DAY),
        updated_at: updated,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.owner === 'student01' && !riverProjectId) riverProjectId = row.id;
    for (const [index, u] of p.units.entries()) {
      const at = u.publishedDaysAgo === null ? updated : new Date(now - u.publishedDaysAgo * DAY);
      await trx
        .insertInto('unit_outputs')
        .values({
          project_id: row.id,
          // The projects site's units are stages every project goes through (unit 1, 2, …):
          // GET /v1/units/{id} lists one stage's slides across the projects a pupil may see.
          unit_id: `unit-${index + 1}`,
          slide_schema: json(slideSchema('ja')),
          values: json(u.values.ja),
          translations: json({ en: { slide_schema: slideSchema('en'), values: u.values.en } }),
          published_at: u.publishedDaysAgo === null ? null : at,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }

  const student01 = id('student01');
  for (const [actor, hoursAgo] of [
    ['teacher', 30],
    ['student02', 2],
  ] as const) {
    const at = new Date(now - hoursAgo * HOUR);
    await trx
      .insertInto('notifications')
      .values({
        user_id: student01,
        type: 'receiveProjectFeedback',
        action: 'receiveProjectFeedback',
        actor_user_id: id(actor),
        count: 1,
        items: json({}),
        payload: json({ targetProjectId: riverProjectId }),
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}
