import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Lang } from '../../contracts/entities';
import type { Db } from '../db/database';

/** A machine-translation service: one text into one of the app's languages. */
export interface TranslationProvider {
  readonly name: string;
  translate(text: string, targetLang: Lang): Promise<string>;
}

/** A provider call that failed (network, status or an answer of the wrong shape). */
export class TranslationError extends Error {
  override name = 'TranslationError';
}

export interface DeeplConfig {
  apiKey: string;
  /** https://api-free.deepl.com for Free keys, https://api.deepl.com for Pro keys. */
  apiUrl: string;
  /** Milliseconds before a call is abandoned. */
  timeoutMs?: number;
}

/** DeepL's answer to POST /v2/translate. */
const DeeplResponse = z.object({
  translations: z.array(z.object({ text: z.string(), detected_source_language: z.string() })),
});

/** DeepL target codes: plain EN is deprecated in favour of a regional variant. */
const DEEPL_TARGET: Record<Lang, string> = { ja: 'JA', en: 'EN-US' };

/**
 * DeepL API v2 (https://developers.deepl.com/docs/api-reference/translate): POST /v2/translate
 * with a JSON body {text: [..], target_lang} and the key in the `Authorization: DeepL-Auth-Key`
 * header (body and query authentication are deprecated).
 */
export function deeplProvider(config: DeeplConfig): TranslationProvider {
  const url = new URL('/v2/translate', config.apiUrl).toString();
  return {
    name: 'deepl',
    async translate(text, targetLang) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `DeepL-Auth-Key ${config.apiKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ text: [text], target_lang: DEEPL_TARGET[targetLang] }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (e) {
        throw new TranslationError(`DeepL unreachable: ${(e as Error).message}`);
      }
      if (!res.ok) throw new TranslationError(`DeepL answered ${res.status}`);
      const parsed = DeeplResponse.safeParse(await res.json().catch(() => null));
      const first = parsed.success ? parsed.data.translations[0] : undefined;
      if (!first) throw new TranslationError('DeepL answer did not match its format');
      return first.text;
    },
  };
}

/** The cache key of one text in one target language. */
const translationKey = (text: string, targetLang: Lang): string =>
  createHash('sha256').update(`${targetLang}\u0000${text}`).digest('hex');

/**
 * Translates through the translations table: a text already translated into the language is
 * answered from it; a new one is asked of the provider and stored. Provider errors propagate.
 */
export async function translateCached(
  db: Db,
  provider: TranslationProvider,
  text: string,
  targetLang: Lang,
): Promise<string> {
  const id = translationKey(text, targetLang);
  const hit = await db
    .selectFrom('translations')
    .select('text')
    .where('id', '=', id)
    .executeTakeFirst();
  if (hit) return hit.text;
  const translated = await provider.translate(text, targetLang);
  await db
    .insertInto('translations')
    .values({ id, target_lang: targetLang, text: translated })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return translated;
}
