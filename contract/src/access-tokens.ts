import { Type, type Static } from 'typebox';

/**
 * Personal access tokens: a user's credential for scripts and AI agents, sent as `Authorization: Bearer <token>` to
 * the routes the permission table opens to tokens (`/api/v1/…`) and to the MCP server (`/mcp`). docs/api.md.
 */
/** Every token starts with this, so people and secret scanners recognise a leaked one. */
export const ACCESS_TOKEN_PREFIX = 'shb_pat_';

/** `read`: look at recordings and requests. `write`: read, and create or change requests. */
export const ACCESS_TOKEN_SCOPES = ['read', 'write'] as const;
export const AccessTokenScopeSchema = Type.Union([Type.Literal('read'), Type.Literal('write')]);
export type AccessTokenScope = Static<typeof AccessTokenScopeSchema>;

/** Whether a token of scope `held` may do what needs `needed` (write includes read). */
export const scopeCovers = (held: AccessTokenScope, needed: AccessTokenScope): boolean => held === 'write' || needed === 'read';

/** The lifetimes offered; no token lives for ever (docs/product-decisions.md, "Personal access tokens"). */
export const ACCESS_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

/** Active (not revoked) tokens one user may hold at once. */
export const MAX_ACCESS_TOKENS_PER_USER = 50;

export const CreateAccessTokenSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'What the token is for, e.g. "Claude Code on my laptop".' }),
    scope: AccessTokenScopeSchema,
    // Listed literally: a mapped array would type the field as never.
    expires_in_days: Type.Union([Type.Literal(7), Type.Literal(30), Type.Literal(90), Type.Literal(365)], { description: `Days until it expires: ${ACCESS_TOKEN_EXPIRY_DAYS.join(', ')}.` }),
  },
  { additionalProperties: false },
);
export type CreateAccessToken = Static<typeof CreateAccessTokenSchema>;

export const AccessTokenSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    scope: AccessTokenScopeSchema,
    /** The token's first characters (`shb_pat_` and four more), to tell tokens apart; never the whole token. */
    prefix: Type.String(),
    owner: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), email: Type.String() }),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time' }),
    /** Null until the first call; moves at most once a minute. */
    last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'AccessToken' },
);
export type AccessToken = Static<typeof AccessTokenSchema>;

/** The answer to creating a token: the only time the whole token is shown. */
export const CreatedAccessTokenSchema = Type.Object({ ...AccessTokenSchema.properties, token: Type.String() }, { $id: 'CreatedAccessToken' });
export type CreatedAccessToken = Static<typeof CreatedAccessTokenSchema>;

/** Unrevoked tokens, newest first; expired ones stay listed (their expiry in the past) until revoked. */
export const AccessTokenListSchema = Type.Object({ items: Type.Array(AccessTokenSchema) }, { $id: 'AccessTokenList' });
export type AccessTokenList = Static<typeof AccessTokenListSchema>;
