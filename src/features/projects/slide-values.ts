import { z } from 'zod';
import type { SlideSchemaItem } from '@/contracts/entities';

type Item = Pick<ReturnType<typeof SlideSchemaItem.parse>, 'type' | 'mappingId' | 'value'>;

/** What one slide item shows, after its value was checked against the item's type. */
export type SlideItemValue =
  | { kind: 'empty' }
  | { kind: 'title' | 'text'; text: string }
  | { kind: 'image'; src: string }
  | { kind: 'date'; at: number }
  | { kind: 'hashTag' | 'list'; tags: string[]; entries: string[] }
  | { kind: 'dictionary'; entries: Array<[string, string]> }
  | { kind: 'dictionaryArray'; columns: string[]; rows: Array<Record<string, string>> };

const Text = z.string().trim().min(1);
const Scalar = z.union([z.string(), z.number(), z.boolean()]).transform(String);
const Strings = z.array(Scalar);
const Dictionary = z.record(z.string(), Scalar);
const DateValue = z.union([
  z.number().int(),
  z
    .string()
    .transform((s) => Date.parse(s))
    .refine((n) => !Number.isNaN(n)),
]);

/**
 * The value of an item: `values[mappingId]`, else the schema's own value. Unit outputs are
 * written by students on another site, so every value is parsed; one that does not fit its
 * type is shown as empty rather than breaking the slide.
 */
export function slideValue(item: Item, values: Record<string, unknown>): SlideItemValue {
  const raw = values[item.mappingId] ?? item.value;
  switch (item.type) {
    case 'title':
    case 'text': {
      const p = Text.safeParse(raw);
      return p.success ? { kind: item.type, text: p.data } : { kind: 'empty' };
    }
    case 'image': {
      const p = Text.safeParse(raw);
      // Only same-site paths and https pictures; anything else (javascript:, data:) is dropped.
      return p.success && /^(\/|https:\/\/)/.test(p.data)
        ? { kind: 'image', src: p.data }
        : { kind: 'empty' };
    }
    case 'date': {
      const p = DateValue.safeParse(raw);
      return p.success ? { kind: 'date', at: p.data } : { kind: 'empty' };
    }
    case 'hashTag':
    case 'list': {
      const p = Strings.safeParse(raw);
      if (!p.success || p.data.length === 0) return { kind: 'empty' };
      const tags = item.type === 'hashTag' ? p.data.map((t) => t.replace(/^#/, '')) : p.data;
      return { kind: item.type, tags, entries: p.data };
    }
    case 'dictionary': {
      const p = Dictionary.safeParse(raw);
      return p.success && Object.keys(p.data).length > 0
        ? { kind: 'dictionary', entries: Object.entries(p.data) }
        : { kind: 'empty' };
    }
    case 'dictionaryArray': {
      const p = z.array(Dictionary).safeParse(raw);
      if (!p.success || p.data.length === 0) return { kind: 'empty' };
      const columns = [...new Set(p.data.flatMap((row) => Object.keys(row)))];
      return { kind: 'dictionaryArray', columns, rows: p.data };
    }
  }
}
