import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { UnitOutput, type Lang } from '../../contracts/entities';
import { localizeUnitOutput } from '../content/localize';
import type { UnitOutputsTable } from '../db/schema';

/**
 * A project slide (unit output) on the wire in `lang`. One whose stored schema no longer parses
 * is null: lists leave it out rather than break.
 */
export function toUnitOutput(
  row: Selectable<UnitOutputsTable>,
  lang: Lang,
): z.infer<typeof UnitOutput> | null {
  const r = localizeUnitOutput(row, lang);
  const parsed = UnitOutput.safeParse({
    id: r.id,
    projectId: r.project_id,
    slideSchema: r.slide_schema,
    values: r.values,
  });
  return parsed.success ? parsed.data : null;
}
