import type { Locale } from '../types.ts';

export interface WidgetStrings {
  close: string;
  /** The recording control's region (the collapsed modal while recording). */
  control: string;
  /** The recorder iframe's title, full and collapsed. */
  frame: string;
  frameControl: string;
  loading: string;
  /** The session was refused: by error code, and for anything else. */
  ORIGIN_NOT_ALLOWED: string;
  PLAN_REQUIRED: string;
  KEY_INVALID: string;
  failed: string;
}

/** The modal's own words (the recorder inside speaks for itself), in every language the widget speaks. */
export const WIDGET_STRINGS: Record<Locale, WidgetStrings> = {
  en: {
    close: 'Close',
    control: 'Screen recording',
    frame: 'Screen recorder',
    frameControl: 'Recording controls',
    loading: 'Loading…',
    ORIGIN_NOT_ALLOWED: 'Recording is not enabled on this website.',
    PLAN_REQUIRED: 'Recording is not available for this website right now.',
    KEY_INVALID: 'Recording is not set up correctly on this website.',
    failed: 'Recording could not start. Please try again later.',
  },
  de: {
    close: 'Schließen',
    control: 'Bildschirmaufnahme',
    frame: 'Bildschirmrekorder',
    frameControl: 'Aufnahmesteuerung',
    loading: 'Wird geladen…',
    ORIGIN_NOT_ALLOWED: 'Aufnahmen sind auf dieser Website nicht aktiviert.',
    PLAN_REQUIRED: 'Aufnahmen sind für diese Website derzeit nicht verfügbar.',
    KEY_INVALID: 'Aufnahmen sind auf dieser Website nicht richtig eingerichtet.',
    failed: 'Die Aufnahme konnte nicht gestartet werden. Bitte versuchen Sie es später erneut.',
  },
  fr: {
    close: 'Fermer',
    control: 'Enregistrement d’écran',
    frame: 'Enregistreur d’écran',
    frameControl: 'Commandes d’enregistrement',
    loading: 'Chargement…',
    ORIGIN_NOT_ALLOWED: 'L’enregistrement n’est pas activé sur ce site.',
    PLAN_REQUIRED: 'L’enregistrement n’est pas disponible sur ce site pour le moment.',
    KEY_INVALID: 'L’enregistrement n’est pas correctement configuré sur ce site.',
    failed: 'L’enregistrement n’a pas pu démarrer. Veuillez réessayer plus tard.',
  },
  es: {
    close: 'Cerrar',
    control: 'Grabación de pantalla',
    frame: 'Grabador de pantalla',
    frameControl: 'Controles de grabación',
    loading: 'Cargando…',
    ORIGIN_NOT_ALLOWED: 'La grabación no está activada en este sitio web.',
    PLAN_REQUIRED: 'La grabación no está disponible en este sitio web en este momento.',
    KEY_INVALID: 'La grabación no está bien configurada en este sitio web.',
    failed: 'No se pudo iniciar la grabación. Vuelva a intentarlo más tarde.',
  },
  'pt-BR': {
    close: 'Fechar',
    control: 'Gravação de tela',
    frame: 'Gravador de tela',
    frameControl: 'Controles de gravação',
    loading: 'Carregando…',
    ORIGIN_NOT_ALLOWED: 'A gravação não está ativada neste site.',
    PLAN_REQUIRED: 'A gravação não está disponível neste site no momento.',
    KEY_INVALID: 'A gravação não está configurada corretamente neste site.',
    failed: 'Não foi possível iniciar a gravação. Tente novamente mais tarde.',
  },
  it: {
    close: 'Chiudi',
    control: 'Registrazione dello schermo',
    frame: 'Registratore dello schermo',
    frameControl: 'Controlli di registrazione',
    loading: 'Caricamento…',
    ORIGIN_NOT_ALLOWED: 'La registrazione non è attiva su questo sito.',
    PLAN_REQUIRED: 'La registrazione non è disponibile su questo sito al momento.',
    KEY_INVALID: 'La registrazione non è configurata correttamente su questo sito.',
    failed: 'Non è stato possibile avviare la registrazione. Riprovi più tardi.',
  },
  nl: {
    close: 'Sluiten',
    control: 'Schermopname',
    frame: 'Schermrecorder',
    frameControl: 'Opnamebediening',
    loading: 'Laden…',
    ORIGIN_NOT_ALLOWED: 'Opnemen is niet ingeschakeld op deze website.',
    PLAN_REQUIRED: 'Opnemen is op deze website op dit moment niet beschikbaar.',
    KEY_INVALID: 'Opnemen is op deze website niet goed ingesteld.',
    failed: 'De opname kon niet starten. Probeer het later opnieuw.',
  },
  pl: {
    close: 'Zamknij',
    control: 'Nagrywanie ekranu',
    frame: 'Rejestrator ekranu',
    frameControl: 'Sterowanie nagrywaniem',
    loading: 'Wczytywanie…',
    ORIGIN_NOT_ALLOWED: 'Nagrywanie nie jest włączone na tej stronie.',
    PLAN_REQUIRED: 'Nagrywanie jest obecnie niedostępne na tej stronie.',
    KEY_INVALID: 'Nagrywanie nie jest poprawnie skonfigurowane na tej stronie.',
    failed: 'Nie udało się rozpocząć nagrywania. Spróbuj ponownie później.',
  },
  sv: {
    close: 'Stäng',
    control: 'Skärminspelning',
    frame: 'Skärminspelare',
    frameControl: 'Inspelningskontroller',
    loading: 'Läser in…',
    ORIGIN_NOT_ALLOWED: 'Inspelning är inte aktiverad på den här webbplatsen.',
    PLAN_REQUIRED: 'Inspelning är inte tillgänglig på den här webbplatsen just nu.',
    KEY_INVALID: 'Inspelning är inte rätt konfigurerad på den här webbplatsen.',
    failed: 'Inspelningen kunde inte starta. Försök igen senare.',
  },
  ja: {
    close: '閉じる',
    control: '画面録画',
    frame: '画面レコーダー',
    frameControl: '録画コントロール',
    loading: '読み込み中…',
    ORIGIN_NOT_ALLOWED: 'このウェブサイトでは録画が有効になっていません。',
    PLAN_REQUIRED: 'このウェブサイトでは現在録画をご利用いただけません。',
    KEY_INVALID: 'このウェブサイトの録画設定が正しくありません。',
    failed: '録画を開始できませんでした。しばらくしてからもう一度お試しください。',
  },
  ko: {
    close: '닫기',
    control: '화면 녹화',
    frame: '화면 녹화 도구',
    frameControl: '녹화 제어',
    loading: '불러오는 중…',
    ORIGIN_NOT_ALLOWED: '이 웹사이트에서는 녹화가 활성화되어 있지 않습니다.',
    PLAN_REQUIRED: '지금은 이 웹사이트에서 녹화를 사용할 수 없습니다.',
    KEY_INVALID: '이 웹사이트의 녹화 설정이 올바르지 않습니다.',
    failed: '녹화를 시작할 수 없습니다. 나중에 다시 시도하세요.',
  },
  'zh-CN': {
    close: '关闭',
    control: '屏幕录制',
    frame: '屏幕录制工具',
    frameControl: '录制控制',
    loading: '正在加载…',
    ORIGIN_NOT_ALLOWED: '此网站未启用录制功能。',
    PLAN_REQUIRED: '此网站目前无法使用录制功能。',
    KEY_INVALID: '此网站的录制功能设置不正确。',
    failed: '无法开始录制。请稍后重试。',
  },
  ar: {
    close: 'إغلاق',
    control: 'تسجيل الشاشة',
    frame: 'مسجّل الشاشة',
    frameControl: 'أدوات التحكم في التسجيل',
    loading: 'جارٍ التحميل…',
    ORIGIN_NOT_ALLOWED: 'التسجيل غير مفعّل على هذا الموقع.',
    PLAN_REQUIRED: 'التسجيل غير متاح على هذا الموقع حاليًا.',
    KEY_INVALID: 'لم يُضبط التسجيل على هذا الموقع بشكل صحيح.',
    failed: 'تعذّر بدء التسجيل. يُرجى المحاولة لاحقًا.',
  },
};
