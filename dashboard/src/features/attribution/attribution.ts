import { ATTRIBUTION_FIELDS, type AttributionField } from '@showback/contract';

/** sessionStorage key of the captured attribution set (spec §4). */
export const ATTRIBUTION_STORAGE_KEY = 'utm_params';

export type Attribution = Partial<Record<AttributionField, string>>;

/** The attribution parameters in a query string, trimmed, empty ones left out. */
export function attributionFromSearch(search: string): Attribution {
  const params = new URLSearchParams(search);
  const found: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = params.get(field)?.trim();
    if (value) found[field] = value;
  }
  return found;
}

export function storedAttribution(storage: Storage = sessionStorage): Attribution {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(ATTRIBUTION_STORAGE_KEY) ?? 'null');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Attribution) : {};
  } catch {
    return {};
  }
}

/** Stores the URL's attribution set unless one is stored already: the first set wins and is never overwritten. */
export function captureAttribution(search: string, storage: Storage = sessionStorage): void {
  const found = attributionFromSearch(search);
  if (Object.keys(found).length === 0 || storage.getItem(ATTRIBUTION_STORAGE_KEY) !== null) return;
  storage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(found));
}

export function clearAttribution(storage: Storage = sessionStorage): void {
  storage.removeItem(ATTRIBUTION_STORAGE_KEY);
}

/** The seven sign-up fields: each the stored value trimmed, or null. */
export function attributionPayload(storage: Storage = sessionStorage): Record<AttributionField, string | null> {
  const stored = storedAttribution(storage);
  return Object.fromEntries(
    ATTRIBUTION_FIELDS.map((field) => {
      const value = typeof stored[field] === 'string' ? stored[field].trim() : '';
      return [field, value || null];
    }),
  ) as Record<AttributionField, string | null>;
}
