// Plain names apart from auth.ts's schemas, so the sign-in page's provider forms do not bundle TypeBox.

/** Header every state-changing /api/ call carries; the value comes from the page's csrf-token meta tag. */
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_META = 'csrf-token';
/** Form field carrying the CSRF token on the HTML form posts to /users/auth/<provider>. */
export const CSRF_FORM_FIELD = 'authenticity_token';
export const SESSION_COOKIE = 'sb_session';
