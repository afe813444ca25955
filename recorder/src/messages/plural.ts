/** The forms a sentence takes by number (`Intl.PluralRules`); `other` is the one every language has. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The sentence in the plural form `n` takes in `locale`, `#` replaced by `n` written the language's way. */
export function count(locale: string, n: number, forms: PluralForms): string {
  return (forms[new Intl.PluralRules(locale).select(n)] ?? forms.other).replace('#', new Intl.NumberFormat(locale).format(n));
}
