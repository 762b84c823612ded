import { describe, expect, it } from 'vitest';
import ja from '../../../locales/ja/legal.json';
import en from '../../../locales/en/legal.json';
import { LegalDocument, legalLanguage } from './legal-document';
import { POSTING_RULES } from './posting-rules';

// The terms and privacy pages render these texts through LegalDocument; a text that does not
// parse would break the page, and a language with a different structure would mean the two
// versions say different things.
describe.each([
  ['terms', ja.terms, en.terms],
  ['privacy', ja.privacy, en.privacy],
] as const)('%s texts', (_name, jaText, enText) => {
  it('parse in both languages', () => {
    expect(LegalDocument.safeParse(jaText).success).toBe(true);
    expect(LegalDocument.safeParse(enText).success).toBe(true);
  });

  it('have the same articles, clauses and items in ja and en', () => {
    const shape = (text: unknown) => {
      const doc = LegalDocument.parse(text);
      return doc.articles.map((a) => a.clauses.map((c) => c.items?.length ?? 0));
    };
    expect(shape(enText)).toEqual(shape(jaText));
  });
});

describe('posting policy texts', () => {
  it('have a title and description for every rule of the spec in both languages', () => {
    for (const rule of POSTING_RULES) {
      for (const texts of [ja, en]) {
        expect(texts.policy.rules[rule].title).not.toBe('');
        expect(texts.policy.rules[rule].description).not.toBe('');
      }
    }
    expect(Object.keys(ja.policy.rules).sort()).toEqual([...POSTING_RULES].sort());
  });

  it('are the prohibited acts of the terms, one for one', () => {
    const prohibited = (text: unknown, heading: string) =>
      LegalDocument.parse(text).articles.find((a) => a.heading.includes(heading))?.clauses[0]
        ?.items;
    expect(prohibited(ja.terms, '禁止事項')).toHaveLength(POSTING_RULES.length);
    expect(prohibited(en.terms, 'Prohibited acts')).toHaveLength(POSTING_RULES.length);
  });
});

describe('legalLanguage', () => {
  it('reads Japanese only for ja and English for anything else', () => {
    expect(legalLanguage('ja')).toBe('ja');
    expect(legalLanguage('ja-JP')).toBe('ja');
    expect(legalLanguage('en')).toBe('en');
    expect(legalLanguage('en-US')).toBe('en');
    expect(legalLanguage('fr')).toBe('en');
    expect(legalLanguage(undefined)).toBe('en');
  });
});
