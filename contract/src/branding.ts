import { Type, type Static } from 'typebox';

/** Limits of an uploaded logo: bytes before decoding, pixels of the decoded image, and the stored size. */
export const LOGO_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxWidth: 4096,
  maxHeight: 4096,
  /** The re-encoded PNG fits in this box (the recorder shows it at most 48 px high, twice that for sharp screens). */
  storedMaxWidth: 640,
  storedMaxHeight: 160,
} as const;

/** What the logo endpoint accepts, by its first bytes; the Content-Type a client sends is not believed. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const BUSINESS_NAME_MAX = 100;

export const BrandColorSchema = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: "'#rrggbb'" });

export const BrandPaletteSchema = Type.Object(
  {
    color: Type.String(),
    on_color: Type.String(),
    on_color_contrast: Type.Number(),
    accent: Type.String(),
    accent_dark: Type.String(),
    hover: Type.String(),
    soft: Type.String(),
    surface_contrast: Type.Number(),
  },
  { description: 'Colours derived from the brand colour (contract/src/brand-palette.ts).' },
);

export const BrandLogoSchema = Type.Object(
  {
    /** Path on the API origin (PNG, served with the user-content headers). */
    url: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
  },
);
export type BrandLogo = Static<typeof BrandLogoSchema>;

/** GET/PUT /api/v1/account/branding: what the owner chose and what recipients are shown. */
export const BrandingSchema = Type.Object(
  {
    /** Null: recipients see the account's name (`default_business_name`). */
    business_name: Type.Union([Type.String(), Type.Null()]),
    default_business_name: Type.String(),
    brand_color: Type.Union([BrandColorSchema, Type.Null()]),
    palette: Type.Union([BrandPaletteSchema, Type.Null()]),
    logo: Type.Union([BrandLogoSchema, Type.Null()]),
    hide_powered_by: Type.Boolean(),
    /** Paid plans and the trial may hide "Powered by Showback"; free accounts always show it. */
    can_hide_powered_by: Type.Boolean(),
    /** Owners and admins change branding; members read it. */
    can_edit: Type.Boolean(),
  },
  { $id: 'Branding' },
);
export type Branding = Static<typeof BrandingSchema>;

export const UpdateBrandingBodySchema = Type.Object(
  {
    /** Empty or null: back to the account's name. */
    business_name: Type.Optional(Type.Union([Type.String({ maxLength: BUSINESS_NAME_MAX }), Type.Null()])),
    /** Null: back to the product's colour. */
    brand_color: Type.Optional(Type.Union([BrandColorSchema, Type.Null()])),
    hide_powered_by: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateBrandingBody = Static<typeof UpdateBrandingBodySchema>;

/** What the recorder shows a recipient: part of the public request. */
export const PublicBrandingSchema = Type.Object(
  {
    name: Type.String(),
    logo: Type.Union([BrandLogoSchema, Type.Null()]),
    /** Null: the product's own colours. */
    palette: Type.Union([BrandPaletteSchema, Type.Null()]),
    powered_by: Type.Boolean(),
  },
  { $id: 'PublicBranding' },
);
export type PublicBranding = Static<typeof PublicBrandingSchema>;
