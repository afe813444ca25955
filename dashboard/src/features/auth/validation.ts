/** Spec §5: text, '@', text, '.', text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Spec §9: the sign-in button needs a password of at least 6 characters. */
export const SIGN_IN_PASSWORD_MIN = 6;

export function canSubmitSignIn(email: string, password: string): boolean {
  return EMAIL_PATTERN.test(email) && password.length >= SIGN_IN_PASSWORD_MIN;
}
