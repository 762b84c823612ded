import { Picture } from '../picture';
import { z } from 'zod';
import { OUTPUT_DESCRIPTION_MAX, PRESET_IMAGES } from '../constants';
import { Id, Output, OutputViolation, Work } from '../entities';
import { SessionBrief } from './profile';
import { QueryBoolean } from './users';

/**
 * Output calls (accounts and people, "Output posting dialog", "Output", section 7): create,
 * update, image upload, the lists and the sequencing ("recommend") call.
 */

/** Blank means nothing but whitespace, full-width spaces (U+3000) included. */
export { isBlankText } from '../blank-text';
import { isBlankText } from '../blank-text';

/** URL of a preset image (served from the demo media). */
export const presetImageUrl = (name: (typeof PRESET_IMAGES)[number]): string =>
  `/media/images/presets/${name}.png`;

/**
 * The preset an output without a picked image shows: creation time in epoch milliseconds
 * modulo 3 → green, blue, pink (the same unit the demo seed uses).
 */
export function presetImageFor(createdAtMs: number): string {
  const index = ((Math.trunc(createdAtMs) % 3) + 3) % 3;
  return presetImageUrl(PRESET_IMAGES[index]!);
}

/**
 * An image an output may reference: an upload of this server (random name, re-encoded JPEG) or
 * one of the three presets. Anything else (an outside URL could track readers) is refused. The
 * server hands uploads out signed (`?exp=…&sig=…`, issue 8) and stores them without the query.
 */
const OutputImageUrl = z
  .string()
  .regex(
    /^(\/uploads\/[a-f0-9]{32}\.jpg(\?exp=\d{1,12}&sig=[A-Za-z0-9_-]{43})?|\/media\/images\/presets\/(green|blue|pink)\.png)$/,
    'Not an uploaded or preset image',
  );

const Description = z
  .string()
  .max(OUTPUT_DESCRIPTION_MAX)
  .refine((s) => !isBlankText(s), 'Description is blank');

/** POST /v1/output. A draft (status autosaved) replaces the author's previous draft of the work. */
export const CreateOutputRequest = z.object({
  sessionId: Id,
  workId: Id,
  /** The spec's payload carries it; it must be the caller's own id when present. */
  userId: z.optional(Id),
  description: Description,
  images: z.array(OutputImageUrl).max(1).nullable().optional(),
  selectedReviewers: z.array(Id).max(0).optional(),
  status: z.enum(['published', 'autosaved']),
});
export type CreateOutputRequest = z.infer<typeof CreateOutputRequest>;

/** PUT /v1/output/{outputId}: only the author; all fields optional. */
export const UpdateOutputRequest = z.object({
  description: Description.optional(),
  images: z.array(OutputImageUrl).max(1).nullable().optional(),
  violationStatuses: z.array(OutputViolation).max(4).optional(),
  status: z.enum(['published', 'autosaved']).optional(),
});
export type UpdateOutputRequest = z.infer<typeof UpdateOutputRequest>;

export const OutputIdParams = z.object({ id: Id });

export const OutputItem = Output.extend({ session: SessionBrief.optional() });
export type OutputItem = z.infer<typeof OutputItem>;

export const OutputResponse = z.object({ item: OutputItem });
export const OutputListResponse = z.object({ items: z.array(OutputItem) });
export type OutputListResponse = z.infer<typeof OutputListResponse>;

/** GET /v1/me/outputs (isViolated=true keeps only outputs with a violation status). */
export const MyOutputsQuery = z.object({
  isViolated: z.optional(QueryBoolean),
  withSession: z.optional(QueryBoolean),
});

/** POST /v1/output/image: the stored, re-encoded image. */
export const UploadImageResponse = z.object({ url: Picture });

/** GET /v1/session/{id}/works: the session's works in order. */
export const SessionWorksResponse = z.object({ items: z.array(Work) });

export const SequenceMode = z.enum(['straight', 'good', 'gambari', 'max', 'min', 'random']);
export type SequenceMode = z.infer<typeof SequenceMode>;

/**
 * GET /v1/outputs/recommend: the next output to show after `current` in `mode`, among the
 * published outputs of the session (and work, when given).
 */
export const RecommendQuery = z.object({
  mode: SequenceMode,
  sessionId: Id,
  workId: z.optional(Id),
  current: z.optional(Id),
});
export const RecommendResponse = z.object({ item: OutputItem.nullable() });
