import type { Locale } from '../types.ts';

/**
 * Under the recording control while the page's private fields are blurred (privacy-blur.ts), in every language the
 * widget speaks. In the privacy chunk, not the widget's strings: the widget's own bytes stay within its budget.
 */
export const PRIVACY_NOTE: Record<Locale, string> = {
  en: 'Private fields are blurred',
  de: 'Private Felder werden unkenntlich gemacht',
  fr: 'Les champs privés sont floutés',
  es: 'Los campos privados se difuminan',
  'pt-BR': 'Campos privados ficam desfocados',
  it: 'I campi privati sono sfocati',
  nl: 'Privévelden worden vervaagd',
  pl: 'Prywatne pola są rozmyte',
  sv: 'Privata fält görs suddiga',
  ja: '非公開の項目はぼかされます',
  ko: '비공개 필드는 흐리게 처리됩니다',
  'zh-CN': '私密字段已模糊处理',
  ar: 'الحقول الخاصة مموّهة',
};
