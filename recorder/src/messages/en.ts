import { count } from './plural.ts';

/**
 * Every string the customer sees, in English: the reference catalogue. Each other language's file has the same shape
 * (`Messages`), so a missing or extra key fails the typecheck. Functions take values already formatted for the
 * language (durations, sizes, percentages: see app/format.ts) and put them in a whole sentence.
 */
export const en = {
  /** The browser tab's title. */
  pageTitle: 'Record your screen',
  appName: 'Showback recorder',
  /** The language switch's label (the languages are named in themselves, messages/locales.ts). */
  language: 'Language',
  back: 'Back',
  /** The product's own mark, under every step (hidden on paid plans that ask). */
  poweredBy: 'Powered by',
  productName: 'Showback',
  loading: 'Loading the recording request…',
  linkError: {
    LINK_EXPIRED: { title: 'This recording link has expired', body: (account: string) => `Ask ${account} for a new link.` },
    LINK_REVOKED: { title: 'This recording link is no longer active', body: (account: string) => `It was switched off. Ask ${account} for a new link.` },
    NOT_FOUND: { title: 'We could not find this recording link', body: () => 'Check that you copied the whole link, or ask whoever sent it for a new one.' },
    unknownAccount: 'the person who sent it',
  },
  loadFailed: {
    title: 'We could not reach the server',
    body: 'Check your internet connection. We will keep trying; you can also try again now.',
    retry: 'Try again',
  },
  unsupported: {
    title: 'Screen recording is not available here',
    ios: 'iPhone and iPad browsers cannot record the screen from a web page. Record with the built-in Screen Recording, then upload the video here, or open this link on a computer.',
    mobile: 'This browser cannot record the screen from a web page. Record with your phone’s screen recorder, then upload the video here, or open this link on a computer.',
    /** When the browser's name is unknown: "Your browser is too old…". */
    unknownBrowser: 'browser',
    'browser-too-old': (browser: string, version: number) => `Your ${browser} is too old to record the screen. Update to ${browser} ${version} or later, or upload a video you already have.`,
    'insecure-context': 'This page was opened over an insecure connection, so the browser blocks screen recording. Open the link with https:// at the start.',
    'no-display-media': 'This browser cannot record the screen. Use a recent Chrome, Edge, Firefox or Safari on a computer, or upload a video you already have.',
    'no-media-recorder': 'This browser cannot save a screen recording. Use a recent Chrome, Edge, Firefox or Safari on a computer, or upload a video you already have.',
    'frame-blocked': 'This website does not allow screen recording inside it. Record in a new tab instead: your recording goes to the same place.',
    uploadInstead: 'Upload a video instead',
    recordInTab: 'Record in a new tab',
    tabOpened: 'The recorder is open in a new tab. Record and send your video there, then come back.',
    /** The widget's control on the page while the recorder works in a tab of its own. */
    tabCompact: 'The recorder is in another tab. Show the problem on this page, then stop and send there.',
  },
  resume: {
    title: 'You have a recording that was not sent',
    body: (duration: string) => `We kept a ${duration} recording on this device. Send it, or throw it away and start over.`,
    resume: 'Continue with this recording',
    discard: 'Start over',
  },
  steps: { instructions: 'Instructions', microphone: 'Microphone', share: 'Share screen', record: 'Record', review: 'Review', send: 'Send' },
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  instructions: {
    /** The heading of the widget's request while its owner has not renamed it (`default_title`); a new title is shown as written. */
    widgetTitle: 'Show us what happened',
    from: (account: string) => `${account} asks you to record your screen`,
    limit: (minutes: string) => `You can record up to ${minutes}. Nothing is sent until you choose to.`,
    start: 'Get started',
    uploadInstead: 'Upload an existing video instead',
    inMemory: 'This browser does not let us keep a copy of your recording on this device. Keep this page open while you record and until your recording has been sent.',
  },
  microphone: {
    title: 'Your microphone',
    required: 'Please talk us through what you are doing: this request needs your voice.',
    optional: 'Talking while you record helps, but you can record without sound.',
    use: 'Record my voice',
    enable: 'Turn on the microphone',
    skip: 'Continue without sound',
    level: 'Microphone level',
    hint: 'Say something: the bar should move.',
    ready: 'Continue',
    errors: {
      denied: 'The browser blocked the microphone. Allow it in the address bar’s site settings, then try again.',
      'frame-policy': 'This website does not allow the microphone inside it. You can record without sound.',
      dismissed: 'The microphone was not allowed. Try again and choose Allow.',
      'not-found': 'No microphone was found. Plug one in, then try again.',
      'in-use': 'Another app is using the microphone. Close it, then try again.',
      timeout: 'The browser did not answer. Try again.',
      unsupported: 'This browser cannot use a microphone here.',
      unknown: 'The microphone could not be started. Try again.',
    },
    retry: 'Try again',
  },
  share: {
    title: 'Choose what to share',
    body: 'Your browser will ask which screen, window or tab to record. Pick the one that shows the problem.',
    /** In the tab the widget opened ("Record in a new tab"): the page to record is the one they came from. */
    bodyOtherTab: 'Your browser will ask what to record: choose the tab of the page you came from. Then go back to that tab and show the problem there; this tab keeps recording.',
    /** Before sharing, what is and is not blurred: nothing on the link path (no SDK on the page, docs/recorder.md); the fields the host page marks private in the widget. */
    privacyLink: 'Nothing on your screen is blurred: close or hide what you do not want to show (passwords, card numbers, messages, other tabs) before you share.',
    privacyWidget: 'This website blurs the fields it marks private (passwords, for example) while you record its page. Anything else you share is recorded as it is.',
    button: 'Share my screen',
    waiting: 'Waiting for you to choose in the browser’s dialog…',
    errors: {
      denied: 'Screen sharing is blocked. Allow it in your browser or system settings (on macOS: System Settings → Privacy & Security → Screen Recording), then try again.',
      'frame-policy': 'This website does not allow screen sharing inside it. Record in a new tab instead: your recording goes to the same place.',
      // Every browser says NotAllowedError both for a closed picker and for "Don't allow" / "Block": one answer for both.
      // Firefox keeps a "Block" for the tab and refuses again without asking until the page is reloaded.
      dismissed: 'Screen sharing was not allowed, so nothing was recorded. Try again and choose a screen, window or tab to share (if your browser no longer asks, reload this page first), or upload a video instead.',
      'not-found': 'Nothing was selected to share. Try again and pick a screen, window or tab.',
      'in-use': 'The screen could not be captured; another app may be using it. Try again.',
      timeout: 'The browser did not show or answer the sharing dialog. Try again.',
      unsupported: 'This browser cannot share the screen.',
      unknown: 'Screen sharing did not start. Try again.',
    },
    retry: 'Try again',
  },
  countdown: { label: 'Recording starts in', cancel: 'Cancel' },
  recording: {
    live: 'Recording',
    /** For screen readers, once a minute. */
    liveFor: (elapsed: string) => `Recording: ${elapsed}`,
    paused: 'Paused',
    elapsed: (elapsed: string, max: string) => `${elapsed} of ${max}`,
    pause: 'Pause',
    resume: 'Resume',
    stop: 'Stop recording',
    /** The widget's floating control: short words, one row at 360 px. */
    stopShort: 'Stop',
    keepOpenShort: 'Keep this page open until it has been sent.',
    open: 'Open',
    openLabel: 'Open the recorder',
    minimize: 'Back to the page',
    goBack: 'Recording. Go back to the tab of your page and show the problem there; come back to this tab to stop and send.',
    minimizeHint: 'Recording goes on while you use the page; the recorder opens again when you stop.',
    warning: (left: string) => `${left} left: recording stops automatically at the limit.`,
    autoStopped: 'You reached the maximum length, so the recording stopped.',
    sharingEnded: 'Screen sharing ended, so the recording stopped.',
    /** What the recorder can promise, by where the spool keeps the recording (SpoolKeeping). */
    uploadHint: {
      device: 'Your recording is saved on this device and sent while you record.',
      host: 'Your recording is saved on this device, in this website’s storage, and sent while you record.',
      memory: 'This browser does not let us keep a copy of your recording here, so it is sent while you record. Keep this page open until it has been sent: closing or reloading it loses the recording.',
    },
    sentSoFar: 'Sent so far',
    sent: (sent: string, recorded: string) => `${sent} of ${recorded} sent`,
    storageFailed: 'This device has run out of space for the recording. It was stopped; what was recorded is kept.',
  },
  preview: {
    title: 'Check your recording',
    interrupted: 'This recording was interrupted; here is everything that was saved.',
    player: 'Your recording',
    accept: 'Looks good',
    rerecord: 'Record again',
    rerecordConfirm: 'Throw this recording away?',
    rerecordText: 'It has not been sent; recording again replaces it.',
    keep: 'Keep it',
    duration: (d: string) => `Length: ${d}`,
    endedUncleanly: 'The browser did not finish the recording properly, so the last seconds may be missing. Check it before sending.',
    empty: {
      title: 'Nothing was recorded',
      body: 'Your browser shared the screen but did not record anything, so there is nothing to send. Try again; if it happens again, record in a new tab or upload a video you recorded another way.',
      retry: 'Try again',
    },
  },
  file: {
    title: 'Upload a video',
    body: (max: string) => `Choose a video file from your device (up to ${max}).`,
    label: 'Video file',
    choose: 'Use this video',
    tooLarge: (max: string) => `This file is larger than ${max}. Choose a shorter video.`,
    wrongType: 'This file is not a video we can accept. Choose an MP4, WebM or MOV file.',
    missing: 'Choose a video file first.',
    empty: 'This file is empty. Choose the video file itself.',
  },
  details: {
    title: 'About you',
    body: 'So the team can follow up with you.',
    name: 'Your name',
    email: 'Email',
    note: 'Anything you want to add',
    optional: '(optional)',
    required: 'This field is required.',
    invalidEmail: 'Enter an email address like name@example.com.',
    tooLong: (max: number) => count('en', max, { one: 'Keep this under # character.', other: 'Keep this under # characters.' }),
    continue: 'Send recording',
  },
  submit: {
    title: 'Sending your recording',
    progress: 'Upload progress',
    /** `percent`: written the language's way ("42%", "42 %"). */
    percent: (percent: string) => `${percent} sent`,
    finishing: 'Saving your submission…',
    reconnecting: 'Connection lost. Reconnecting… your recording is safe on this device.',
    reconnectingInMemory: 'Connection lost. Reconnecting… keep this page open: your recording is only in this page until it has been sent.',
    /** Send could not reach the server (offline, a failed upload or save): said within seconds, with what to do. */
    connectionLost: 'Connection lost — we’ll keep trying; don’t close this page.',
    connectionLostSafe: 'Your recording is safe on this device.',
    connectionLostInMemory: 'Your recording is only in this page until it has been sent.',
    resumed: 'Connection is back — sending your recording.',
    /** Requests neither answer nor fail (a network or proxy that swallows them): said after STALL_MS. */
    noAnswer: (time: string) => `No answer from the server for ${time}; still trying…`,
    stalledChoice: 'You can keep waiting, or save a copy of the recording to your computer.',
    saveCopy: 'Save a copy',
    retryNow: 'Retry now',
    failed: 'The recording could not be sent.',
    errors: {
      LINK_EXPIRED: 'This recording link expired while you were recording.',
      LINK_REVOKED: 'This recording link was switched off while you were recording.',
      PAYLOAD_TOO_LARGE: 'The recording is larger than this request accepts.',
      UNSUPPORTED_MEDIA_TYPE: 'The server does not accept this type of video.',
      RECORDING_EMPTY: 'The recording is empty: nothing reached us. Record again or upload a video instead.',
      NOT_A_VIDEO: 'What reached us is not a video we can play. Record again or upload an MP4, WebM or MOV file.',
      USAGE_LIMIT_REACHED: 'This account cannot receive more recordings this month.',
    },
    keepSafe: 'Your recording stays on this device; you can try again later from this link.',
    keepOpen: 'Keep this page open and try again: your recording is only in this page.',
    tryAgain: 'Try again',
  },
  done: {
    title: 'Thank you! Your recording was sent.',
    body: (account: string) => `${account} has received it.`,
    redirecting: 'Taking you back…',
    close: 'Close',
  },
  leaveWarning: 'Your recording is still being sent. Leave anyway?',
};

export type Messages = typeof en;
