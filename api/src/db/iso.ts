/**
 * A timestamp as the API answers it, "2026-11-26T12:00:00.000Z": columns read as a Date, and as a string where they
 * come through JSON (json_agg, jsonb) or a test row. A missing one stays null.
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}
