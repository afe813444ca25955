import type { Locale as ContractLocale } from '@showback/contract';
import type { Locale } from '../types.ts';

/**
 * The launcher's default text and the modal's heading, in every language (the up-front bundle: these few words only).
 * Keyed by both the SDK's public `Locale` and the contract's: if the two lists drift apart, a key is missing here and
 * the build fails.
 */
export const LAUNCHER_LABELS: Record<Locale & ContractLocale, string> & Record<Locale | ContractLocale, string> = {
  en: 'Record your screen',
  de: 'Bildschirm aufnehmen',
  fr: 'Enregistrer votre écran',
  es: 'Grabar su pantalla',
  'pt-BR': 'Gravar sua tela',
  it: 'Registra lo schermo',
  nl: 'Uw scherm opnemen',
  pl: 'Nagraj ekran',
  sv: 'Spela in skärmen',
  ja: '画面を録画',
  ko: '화면 녹화',
  'zh-CN': '录制屏幕',
  ar: 'سجّل شاشتك',
};
