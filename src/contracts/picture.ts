import * as z from 'zod/mini';

/**
 * Answers' picture fields. A field declared `Picture` may hold a stored upload
 * (`/uploads/<32 hex>.jpg`), which the server hands out signed (`?exp=…&sig=…`) when it
 * serialises an answer whose schema declares it. Nothing else is ever signed: a comment or a
 * title that happens to read like an upload path stays text (issue 25, hole 3).
 */
export const pictureFields = z.registry<{ picture: true }>();

export const Picture = z.string().register(pictureFields, { picture: true });
