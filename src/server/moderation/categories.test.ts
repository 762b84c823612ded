import { describe, expect, it } from 'vitest';
import { findViolations, moderateText, type FindingKind } from './checks';

/**
 * Issue 26: each screening category with harmful messages and the harmless look-alikes that
 * must pass. The labelled set (evaluation/) measures rates; these pin single behaviours.
 */
const kinds = (text: string): FindingKind[] => [
  ...new Set(findViolations(text).map((f) => f.kind)),
];
const CONTACT_KINDS: FindingKind[] = ['phone', 'email', 'address', 'url', 'contact'];

describe('sexual solicitation and grooming', () => {
  it.each([
    '裸の写真送って',
    'ねえ、下着の写真見せてよ',
    '今度エッチしよう',
    '親には内緒ね',
    'これは二人だけの秘密だよ',
    '今度会わない？お小遣いあげるよ',
    'ビデオ通話で服脱いでみて',
    'send nudes',
    "don't tell your parents about us",
    'let’s meet up, just the two of us',
    "i'll give you robux if you send a photo",
    'what are you wearing right now',
  ])('%s → sexual', (text) => {
    expect(kinds(text)).toContain('sexual');
  });

  it.each([
    'クラスの写真、先生に送ってね',
    'ネタバレは内緒ね！',
    '誕生日プレゼントのこと、お母さんには内緒にしててね（サプライズ）',
    '明日図書館で会おう、課題やろう',
    'エッチング（版画）の作品を作った',
    '処女作とは思えない出来',
    'the secret ingredient is love',
    "don't tell anyone the ending!",
    'send me the photo of our poster',
    'sex education class was useful',
  ])('no finding in %s', (text) => {
    expect(findViolations(text)).toEqual([]);
  });
});

describe('self-harm inside a sentence', () => {
  it.each([
    '今日またリスカした',
    'もう死にたい。今夜いなくなる',
    '消えたい',
    '昨日ODした',
    '薬をいっぱい飲んだら楽になれるかな',
    '生きてるのがつらい',
    'I want to kill myself',
    'i took a bunch of pills',
    'everyone would be better off without me',
  ])('%s → selfHarm', (text) => {
    expect(kinds(text)).toContain('selfHarm');
  });

  it.each([
    '死ぬほど笑った',
    '死ぬかと思った（笑）',
    'ゲームで死んだ',
    '宿題多すぎて死にそう',
    'ODA（政府開発援助）について調べた',
    '紙をカッターで切るときは気をつける',
    'dying of laughter',
    'I died in the game like five times lol',
    'I cut my hair short yesterday',
  ])('no finding in %s', (text) => {
    expect(findViolations(text)).toEqual([]);
  });
});

describe('exclusion aimed at someone', () => {
  it.each([
    'ゆうととは遊ぶな',
    'みんなでたかしを無視しよう',
    'あいつハブろう',
    'さくらを仲間外れにしようよ',
    'りなは今日から無視で',
    'nobody sit with her',
    'let’s all ignore Mia tomorrow',
    'leave Sam out of the group chat',
  ])('%s → exclusion', (text) => {
    expect(kinds(text)).toContain('exclusion');
  });

  it.each([
    '川で遊ぶなって看板に書いてあった',
    '知らない人と話すなって親に言われた',
    '仲間外れにするのはよくない',
    '5番は無視していいって先生が言ってた',
    'ハブ空港の仕組みを調べた',
    '水たまりを避けて歩こう',
    'ignore the typo in my title',
    "don't talk to strangers online",
  ])('no finding in %s', (text) => {
    expect(findViolations(text)).toEqual([]);
  });
});

describe('contact details in every spelling', () => {
  it.each([
    'ぜろきゅうぜろ いちにさんよん ごろくななはち',
    'ゼロハチゼロ イチイチニーニー サンサンヨンヨン',
    '〇八〇の九八七六の五四三二',
    '0 9 0 - 8 8 7 7 - 6 6 5 5',
    '０７０ー１１２２ー３３４４',
    'my number is zero nine zero one two three four five six seven eight',
    'text me at +1 415 555 2671',
    '美しが丘3-5-2に住んでる',
    'うつくしが丘三丁目5-2',
    'ぼくの家 さくら台2の3の4',
    '東京都世田谷区桜新町2-14-8',
    '電話番号おしえて！',
    "what's your address?",
  ])('%s → a contact kind', (text) => {
    expect(kinds(text).some((k) => CONTACT_KINDS.includes(k))).toBe(true);
  });

  it.each([
    '2024年11月22日 10:30 に見ました',
    'p.25の図がわかりやすい',
    '3-2で勝った！',
    '区大会決勝3-1で勝った！',
    '3-4-5の三角形は直角三角形',
    'フォーメーションは3-5-2がいい',
    '補助線のラインを引くとわかりやすい',
    'インスタントラーメンの袋もゴミになる',
    '円周率は3.14159265358979',
    'ISBN 978-4-06-123456-7 の本',
    '0, 1, 2, 3, 4, 5, 6, 7, 8, 9 と数えた',
  ])('no finding in %s', (text) => {
    expect(findViolations(text)).toEqual([]);
  });
});

describe('masked, leetspeak and directed insults', () => {
  it.each([
    ['し○ね', 'abuse'],
    ['氏ね', 'abuse'],
    ['タヒね', 'abuse'],
    ['k1ll y0urself', 'abuse'],
    ["you're st*pid", 'abuse'],
    ['f*ck you', 'abuse'],
    ['お前まじきもい', 'abuse'],
    ['お前うざい', 'abuse'],
    ['あいつキモすぎ', 'abuse'],
  ] as const)('%s → %s', (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    'ばかみたいに楽しい',
    'うざいくらい広告が多いけど内容はよかった',
    '氏名を書いてね',
    'タヒチの海がきれい',
    '答えは○です',
    'デブ猫かわいい',
    'the quiz was stupidly easy',
    "I'm such an idiot lol forgot my bag",
  ])('no finding in %s', (text) => {
    expect(findViolations(text)).toEqual([]);
  });
});

it('names the category in every finding the moderator sees', () => {
  expect(moderateText('裸の写真送って').findings.map((f) => f.kind)).toContain('sexual');
  expect(moderateText('みんなでたかしを無視しよう').findings.map((f) => f.kind)).toContain(
    'exclusion',
  );
  expect(moderateText('もう死にたい').findings.map((f) => f.kind)).toContain('selfHarm');
});
