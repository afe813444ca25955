/** A language's English name ("German") for a BCP 47 tag; the tag itself where Intl has no name for it. */
export const languageName = (code: string): string => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    // Intl throws a RangeError for an empty or malformed tag (a recording from before languages were kept has none):
    // the page must still render.
    return code;
  }
};
