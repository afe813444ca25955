// Plain values apart from users.ts's schemas: a browser page that needs only these (the sign-up form's hints) then
// leaves TypeBox out of its bundle, since a module's top-level Type.Object calls cannot be tree-shaken.

export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** Lengths the API enforces; clients may use them for their own hints. */
export const USER_LIMITS = { nameMax: 100, emailMax: 254, accountNameMax: 100, passwordMin: 6, passwordMax: 128, attributionMax: 255 } as const;
