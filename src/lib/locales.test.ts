import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAZY_NAMESPACES } from './i18n';
import { NAMESPACES, createTestI18n } from './i18n-testing';

const root = fileURLToPath(new URL('../../locales', import.meta.url));
const LANGS = ['ja', 'en'] as const;

/**
 * Flattens nested resources to dotted keys with their string values (array items as `key[i]`,
 * for texts read with returnObjects); anything but strings, objects and arrays is reported.
 */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value !== 'object' || value === null) {
    throw new Error(`${prefix || '(root)'} must be an object or array of strings`);
  }
  const entries = Array.isArray(value)
    ? value.map((child, i) => [`${prefix}[${i}]`, child] as const)
    : Object.entries(value).map(
        ([key, child]) => [prefix ? `${prefix}.${key}` : key, child] as const,
      );
  for (const [path, child] of entries) {
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

function load(lang: string): Map<string, Map<string, string>> {
  const files = readdirSync(join(root, lang)).filter((f) => f.endsWith('.json'));
  const byNamespace = new Map<string, Map<string, string>>();
  for (const file of files) {
    const text = readFileSync(join(root, lang, file), 'utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`locales/${lang}/${file} is not valid JSON: ${String(error)}`);
    }
    byNamespace.set(file.replace(/\.json$/, ''), flatten(parsed));
  }
  return byNamespace;
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

describe('locales', () => {
  const loaded = Object.fromEntries(LANGS.map((lang) => [lang, load(lang)])) as Record<
    (typeof LANGS)[number],
    Map<string, Map<string, string>>
  >;

  it('has the same namespace files in every language, all registered with i18n', () => {
    const ja = [...loaded.ja.keys()].sort();
    expect([...loaded.en.keys()].sort()).toEqual(ja);
    // The language chunks' namespaces, and those loaded with their features.
    expect([...NAMESPACES, ...LAZY_NAMESPACES].sort()).toEqual(ja);
  });

  it('has identical key sets in ja and en', () => {
    for (const [ns, jaKeys] of loaded.ja) {
      const enKeys = loaded.en.get(ns) ?? new Map<string, string>();
      const onlyJa = [...jaKeys.keys()].filter((k) => !enKeys.has(k));
      const onlyEn = [...enKeys.keys()].filter((k) => !jaKeys.has(k));
      expect({ ns, onlyJa, onlyEn }).toEqual({ ns, onlyJa: [], onlyEn: [] });
    }
  });

  it('uses the same placeholders and no empty texts', () => {
    for (const [ns, jaKeys] of loaded.ja) {
      for (const [key, jaText] of jaKeys) {
        const enText = loaded.en.get(ns)?.get(key) ?? '';
        expect(jaText.trim(), `ja ${ns}:${key}`).not.toBe('');
        expect(enText.trim(), `en ${ns}:${key}`).not.toBe('');
        expect(placeholders(enText), `${ns}:${key}`).toEqual(placeholders(jaText));
      }
    }
  });

  it('defaults to Japanese and reports a missing key', () => {
    const missing: string[] = [];
    const i18n = createTestI18n({
      onMissingKey: (lng, ns, key) => missing.push(`${lng}/${ns}:${key}`),
    });
    expect(i18n.language).toBe('ja');
    expect(i18n.t('login:error.weakNetwork')).toBe(
      loaded.ja.get('login')?.get('error.weakNetwork'),
    );
    i18n.t('common:does.not.exist' as never);
    expect(missing).toEqual(['ja/common:does.not.exist']);
  });
});
