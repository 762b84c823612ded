/**
 * Serialises a value for a jsonb column. Both drivers accept JSON text for jsonb; passing a JS
 * array directly would make `pg` send a Postgres array literal instead.
 */
export function json(value: unknown): string {
  return JSON.stringify(value);
}

/** Epoch milliseconds of a timestamptz value (the wire format), or null. */
export function toMs(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** Like toMs for columns that are NOT NULL. */
export function msOf(value: Date | string): number {
  return toMs(value) ?? 0;
}
