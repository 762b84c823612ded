import { z } from 'zod';
import type { Lang } from '@/contracts/user-entities';

/**
 * Shape of a legal text (terms, privacy) in locales/{ja,en}/legal.json. The texts are read with
 * i18next's returnObjects, so they are parsed here rather than trusted.
 */
const Text = z.string().min(1);

export const LegalClause = z.object({
  text: Text,
  /** An enumeration inside the clause (definitions, prohibited acts, collected data). */
  items: z.array(Text).min(1).optional(),
});
export type LegalClause = z.infer<typeof LegalClause>;

const LegalArticle = z.object({
  heading: Text,
  clauses: z.array(LegalClause).min(1),
});

export const LegalDocument = z.object({
  documentTitle: Text,
  title: Text,
  lead: z.array(Text),
  articles: z.array(LegalArticle).min(1),
  history: z.object({ heading: Text, entries: z.array(Text).min(1) }).optional(),
});
export type LegalDocument = z.infer<typeof LegalDocument>;

/** Legal texts exist in Japanese and English: Japanese for ja, English for every other language. */
export function legalLanguage(language: string | undefined): Lang {
  return language?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}
