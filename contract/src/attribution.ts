/**
 * Spec §4 attribution parameters, captured from a landing URL and sent with sign-up. Kept apart from the TypeBox
 * schemas so the public site's first load can import the list without the schema library.
 */
export const ATTRIBUTION_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'ref', 'via'] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
