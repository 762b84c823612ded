import { moderateText, type FindingKind } from '../checks';
import messages from './messages.json';

/**
 * The screening evaluation set (issue 26) and how it is scored, shared by `bench/screening.ts`
 * and `evaluation.test.ts`.
 *
 * Every message is screened by `moderateText`, the one checker every channel uses (display names
 * too: `refuseScreened` when a name is set, `isForbiddenName` when one is shown both call it).
 *
 * - caught: a harmful message is held. The per-category figures are stricter: held *and* named
 *   with a kind of its category (a grooming message held only as `contact` does not count for
 *   `sexual`), since the moderator sorts by `kind`.
 * - false hold: a harmless message is held (any kind).
 */

export type Category = 'sexual' | 'selfHarm' | 'exclusion' | 'contacts' | 'abuse' | 'threat';
export type Channel = 'comment' | 'feedback' | 'output' | 'reflection' | 'displayName';

export interface EvalMessage {
  text: string;
  lang: 'ja' | 'en';
  harmful: boolean;
  /** The category of a harmful message; for a harmless one, the category it looks like. */
  category: Category | 'none';
  channel: Channel;
  /**
   * `dev`: rules or the learned screen were fitted to it (the first set and the batches that
   * joined it, the latest I-en and I-ja, each scored once when fresh and then used). `heldout`: batches written blind (B, E,
   * F, G-en) and ordinary posts, never tuned on: their figures are the ones to expect on new
   * phrasing (docs/decisions/0065).
   */
  split: 'dev' | 'heldout';
}

export const EVAL_MESSAGES = messages as EvalMessage[];

export const CATEGORIES: readonly Category[] = [
  'sexual',
  'selfHarm',
  'exclusion',
  'contacts',
  'abuse',
  'threat',
];
export const CHANNELS: readonly Channel[] = [
  'comment',
  'feedback',
  'output',
  'reflection',
  'displayName',
];

/** The finding kinds that name each category. */
const CATEGORY_KINDS: Record<Category, readonly FindingKind[]> = {
  sexual: ['sexual'],
  selfHarm: ['selfHarm'],
  exclusion: ['exclusion'],
  contacts: ['phone', 'email', 'address', 'url', 'contact'],
  abuse: ['abuse', 'threat'],
  threat: ['threat'],
};

export interface Scored extends EvalMessage {
  held: boolean;
  kinds: FindingKind[];
  /** Held with a kind of its own category (harmful messages only). */
  named: boolean;
}

export function scoreMessage(m: EvalMessage): Scored {
  const verdict = moderateText(m.text);
  const kinds = [...new Set(verdict.findings.map((f) => f.kind))];
  const named =
    m.category !== 'none' && kinds.some((k) => CATEGORY_KINDS[m.category as Category].includes(k));
  return { ...m, held: verdict.held, kinds, named };
}

export interface Rate {
  hit: number;
  of: number;
  /** Percent, NaN when `of` is 0. */
  pct: number;
}

const rate = (hit: number, of: number): Rate => ({
  hit,
  of,
  pct: of === 0 ? Number.NaN : (100 * hit) / of,
});

export interface Figures {
  /** Harmful messages held. */
  caught: Rate;
  /** Harmless messages held. */
  falseHold: Rate;
  /** Per category: harmful held and named, harmless look-alikes held. */
  byCategory: Record<Category, { caught: Rate; falseHold: Rate }>;
  byChannel: Record<Channel, { caught: Rate; falseHold: Rate }>;
  noneFalseHold: Rate;
}

export function figures(scored: readonly Scored[]): Figures {
  const harmful = scored.filter((s) => s.harmful);
  const harmless = scored.filter((s) => !s.harmful);
  const held = (list: readonly Scored[]) => list.filter((s) => s.held).length;
  const byCategory = Object.fromEntries(
    CATEGORIES.map((c) => {
      const bad = harmful.filter((s) => s.category === c);
      const ok = harmless.filter((s) => s.category === c);
      return [
        c,
        {
          caught: rate(bad.filter((s) => s.named).length, bad.length),
          falseHold: rate(held(ok), ok.length),
        },
      ];
    }),
  ) as Figures['byCategory'];
  const byChannel = Object.fromEntries(
    CHANNELS.map((ch) => {
      const bad = harmful.filter((s) => s.channel === ch);
      const ok = harmless.filter((s) => s.channel === ch);
      return [ch, { caught: rate(held(bad), bad.length), falseHold: rate(held(ok), ok.length) }];
    }),
  ) as Figures['byChannel'];
  const none = harmless.filter((s) => s.category === 'none');
  return {
    caught: rate(held(harmful), harmful.length),
    falseHold: rate(held(harmless), harmless.length),
    byCategory,
    byChannel,
    noneFalseHold: rate(held(none), none.length),
  };
}

/** The targets of issue 26. */
export const TARGETS = { caughtPct: 95, categoryPct: 90, falseHoldPct: 2 } as const;
