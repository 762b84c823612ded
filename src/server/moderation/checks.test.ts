import { describe, expect, it } from 'vitest';
import { findViolations, isBlankText, moderateText, type FindingKind } from './checks';

const kinds = (text: string): FindingKind[] => [
  ...new Set(findViolations(text).map((f) => f.kind)),
];

describe('moderation checks', () => {
  it.each([
    ['電話は090-1234-5678です', 'phone'],
    ['でんわ ０９０－１２３４－５６７８ まで', 'phone'],
    ['家は03-1234-5678', 'phone'],
    ['(03) 1234-5678 に電話して', 'phone'],
    ['09012345678', 'phone'],
    ['call me at +81 90 1234 5678', 'phone'],
    ['US office +1 (415) 555-0100', 'phone'],
    ['090ー1234ー5678', 'phone'],
    ['mail taro.yamada@example.com please', 'email'],
    ['ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ', 'email'],
    ['東京都中央区銀座1-2-3に住んでいます', 'address'],
    ['桜町3丁目4番5号', 'address'],
    ['本町二丁目5-6', 'address'],
    ['〒100-0001', 'address'],
    ['I live at 221B Baker Street', 'address'],
    ['10 Downing St. is famous', 'address'],
    ['see https://example.com/page?x=1', 'url'],
    ['www.example.org を見て', 'url'],
    ['example.co.jp にある', 'url'],
    ['bit.ly/abc123', 'url'],
    ['<script>alert(1)</script>', 'code'],
    ['function hack() { return 1 }', 'code'],
    ['const a = 5', 'code'],
    ['items.map((x) => x * 2)', 'code'],
    ['SELECT name FROM users', 'code'],
    ["' OR '1'='1", 'code'],
    ['drop table outputs', 'code'],
    // Numbers as pupils say them: a North American number beside "text", one laid out 3-3-4,
    // British words for repeated digits and hundreds.
    ['text me 6463301827', 'phone'],
    ['(212) 830-4417', 'phone'],
    ['oh seven seven double oh, nine hundred, one two three', 'phone'],
    // Where the writer lives, typed in lower case, and a messenger handle as a display name.
    ["i'm at 17 wellington road, come round", 'address'],
    ['come by my house on oak lane', 'address'],
    ['snap-ethan.w09', 'contact'],
  ] as const)('%s → %s', (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    'In 2024 I visited the ocean at 10:30 in the morning.',
    '2024年11月22日 10時30分に見ました。',
    'The score was 3-2 and we won.',
    '町の試合で3-2で勝った。',
    'Dates like 2024-11-22 and 2024/11/22 are fine.',
    'I read 3 books and select one from the list.',
    'The answer is 1234567 points.',
    'I learned that e.g. plastic takes 450 years to break down.',
    '三丁目の夕日という映画を見た。',
    'Let us go to the beach! I will bring 2 bags.',
    '海にはたくさんのプラスチックごみがある。私は家でマイボトルを使いたい。',
    'The answer is 2147483647, the largest 32-bit number.',
    'ISBN 4065123456 is on page 212.',
    'I live in a house on a quiet road near the sea.',
    'We need two hundred and one three-metre planks.',
  ])('no finding in %s', (text) => {
    expect(findViolations(text)).toEqual([]);
  });

  it('holds a hit as pending with the text violation', () => {
    expect(moderateText('連絡は taro@example.com')).toMatchObject({
      held: true,
      violationStatuses: ['text'],
    });
    expect(moderateText('海がきれいでした')).toEqual({
      held: false,
      violationStatuses: [],
      findings: [],
    });
  });

  it.each([
    ['ラインID: tomoni_kid', 'contact'],
    ['LINE ID', 'contact'],
    ['インスタ @handle_01', 'contact'],
    ['tiktok → @dance.kid', 'contact'],
    ['discord.gg/abcd', 'contact'],
    ['〇九〇-一二三四-五六七八', 'phone'],
    ['0 9 0 1 2 3 4 5 6 7 8', 'phone'],
    ['0\u200B9\u200B0\u200B1\u200B2\u200B3\u200B4\u200B5\u200B6\u200B7\u200B8', 'phone'],
    ['kid at example dot com', 'email'],
    ['つまらない。へたくそ。死ね', 'abuse'],
    ['し ね', 'abuse'],
    ['し.ね', 'abuse'],
    ['ｼﾈ', 'abuse'],
    ['しねぇぇぇ', 'abuse'],
    ['kill yourself', 'abuse'],
    ['k.y.s', 'abuse'],
    ['殺すぞ', 'threat'],
    ['死にたい', 'selfHarm'],
    ['お前は来るな', 'exclusion'],
    ['入れてあげない', 'exclusion'],
    ['nobody likes you', 'exclusion'],
  ] as const)('%s → %s', (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    '死ねないゲーム',
    '楽しいしね',
    'シネマに行った',
    'I have a new skill',
    'Scunthorpe is in England',
    'そればかり見ていた',
    'きもちいい',
    'The music was boring',
    'ください',
  ])('no abuse finding in %s', (text) => {
    expect(findViolations(text)).toEqual([]);
  });

  it('counts zero-width, bidi and filler-only text as blank', () => {
    for (const blank of [
      '',
      ' \u3000',
      '\u200B\u200C\u200D',
      '\u202E\u202D',
      '\u2066\u2069',
      '\u3164\u115F',
      '\uFEFF\u00AD',
      '\u2800',
    ]) {
      expect(isBlankText(blank)).toBe(true);
    }
    expect(isBlankText('\u200Bあ')).toBe(false);
    expect(isBlankText('a')).toBe(false);
  });

  it("reads I'm and I'd as one word, so the next short word is not glued to it", () => {
    // "i'm a burden" once read "ima burden" (single letters are joined against s p a c i n g).
    for (const text of ["I'm a burden to everyone", 'i’m a burden', "I'd be better off dead"])
      expect(kinds(text), text).toContain('selfHarm');
    expect(kinds("I'm a student and I'd like a pen")).toEqual([]);
  });
});
