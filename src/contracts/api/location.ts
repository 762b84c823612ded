import { z } from 'zod';
import { Lang } from '../entities';

/** GET /v1/location: countries without `country`, that country's states with it. */
export const LocationQuery = z.object({
  country: z.string().trim().toUpperCase().min(2).max(3).optional(),
  /** Language of the names; defaults to the caller's language, else ja. */
  lang: z.optional(Lang),
});
const LocationItem = z.object({ isoCode: z.string(), name: z.string() });
export const LocationResponse = z.object({ data: z.object({ items: z.array(LocationItem) }) });
export type LocationResponse = z.infer<typeof LocationResponse>;
