/** "ja" → "Japanese": a recording's language named in the dashboard's language. */
export const languageName = (code: string): string => new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
