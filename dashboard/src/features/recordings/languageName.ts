/** A language's English name ("German") for a BCP 47 tag; the tag itself where Intl has no name for it. */
export const languageName = (code: string): string => {
  // A recording from before languages were kept has none ('' names "root" in Node and throws in Chromium).
  if (code === '') return code;
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    // Intl throws a RangeError for a malformed tag: the page must still render.
    return code;
  }
};
