// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALE_CODES, LOCALE_NAMES, chooseLocale, matchLocale, type Locale, type PublicRecordingRequest } from '@showback/contract';
import type { RecordingSession } from '../src/app/RecordingSession.ts';
import { Layout } from '../src/app/Layout.tsx';
import { en, type Messages } from '../src/messages/en.ts';
import { loadCatalogue, m, setLocale } from '../src/messages/index.ts';
import { CountdownStep } from '../src/steps/CountdownStep.tsx';
import { DetailsStep } from '../src/steps/DetailsStep.tsx';
import { DoneStep } from '../src/steps/DoneStep.tsx';
import { FileStep } from '../src/steps/FileStep.tsx';
import { InstructionsStep } from '../src/steps/InstructionsStep.tsx';
import { LinkErrorPage } from '../src/steps/LinkErrorPage.tsx';
import { LoadFailedStep } from '../src/steps/LoadFailedStep.tsx';
import { MicrophoneStep } from '../src/steps/MicrophoneStep.tsx';
import { PreviewStep } from '../src/steps/PreviewStep.tsx';
import { RecordingStep } from '../src/steps/RecordingStep.tsx';
import { ResumeStep } from '../src/steps/ResumeStep.tsx';
import { ShareStep } from '../src/steps/ShareStep.tsx';
import { SubmitStep } from '../src/steps/SubmitStep.tsx';
import { UnsupportedStep } from '../src/steps/UnsupportedStep.tsx';

const OTHERS = LOCALE_CODES.filter((c) => c !== 'en');

/**
 * Words a translation rightly shares with English: loanwords and the same spelling. Anything else equal to the
 * English is English left behind.
 */
const SAME_AS_ENGLISH: Partial<Record<Locale, string[]>> = {
  de: ['(optional)'],
  fr: ['Pause'],
  it: ['Stop', 'Email', 'browser'],
  nl: ['browser'],
  pl: ['Stop'],
};
// Not words of any catalogue: the product's and browsers' names, the request's own data, the languages' own names.
const DATA = ['Showback', 'Acme Support', 'The checkout button does nothing', ...Object.values(LOCALE_NAMES)];

const request: PublicRecordingRequest = {
  title: 'The checkout button does nothing',
  default_title: false,
  instructions_html: '',
  microphone: 'optional',
  max_duration_seconds: 300,
  fields: { name: 'required', email: 'optional', note: 'optional' },
  redirect_url: null,
  language: null,
  account_name: 'Acme Support',
  max_upload_bytes: 500 * 1024 * 1024,
  accepted_types: ['video/mp4', 'video/webm'],
  upload_endpoint: '/uploads',
  branding: { name: 'Acme Support', logo: null, palette: null, powered_by: true },
  recipient: null,
};
// What RecordingStep reads while rendering.
const session = { elapsedMs: () => 0, recordedBytes: 0 } as unknown as RecordingSession;
const noop = () => undefined;

/** Every step the customer can meet, in the states that show different words. */
function steps(): Array<[string, ReactElement]> {
  const unsupported = (reason: 'ios' | 'mobile' | 'browser-too-old' | 'insecure-context' | 'no-display-media' | 'no-media-recorder' | 'frame-blocked') => (
    <UnsupportedStep capability={{ ok: false, reason, browser: 'Firefox', minimumVersion: 78, canUploadFile: true, canRecordInTab: true }} onUseFile={noop} onRecordInTab={noop} />
  );
  return [
    ['loading', <Layout step="loading" language="en" onLanguage={noop}>{m.loading}</Layout>],
    ['layout', <Layout step="recording" branding={request.branding} uploadState="reconnecting" language="en" onLanguage={noop}>-</Layout>],
    ['layout in memory', <Layout step="submit" uploadState="reconnecting" inMemory language="en" onLanguage={noop}>-</Layout>],
    ['link expired', <LinkErrorPage code="LINK_EXPIRED" accountName="Acme Support" />],
    ['link revoked', <LinkErrorPage code="LINK_REVOKED" />],
    ['link unknown', <LinkErrorPage code="NOT_FOUND" />],
    ['load failed', <LoadFailedStep onRetry={noop} />],
    ...(['ios', 'mobile', 'browser-too-old', 'insecure-context', 'no-display-media', 'no-media-recorder', 'frame-blocked'] as const).map((r): [string, ReactElement] => [`unsupported ${r}`, unsupported(r)]),
    ['resume', <ResumeStep durationMs={65_000} busy={false} onResume={noop} onDiscard={noop} />],
    ['instructions', <InstructionsStep request={request} inMemory onStart={noop} onUseFile={noop} />],
    ['instructions, the widget’s own title', <InstructionsStep request={{ ...request, title: 'Show us what happened', default_title: true }} inMemory={false} onStart={noop} onUseFile={noop} />],
    ['microphone optional', <MicrophoneStep mode="optional" stream={undefined} busy={false} error="denied" onEnable={noop} onDisable={noop} onContinue={noop} onBack={noop} />],
    ['microphone required', <MicrophoneStep mode="required" stream={undefined} busy={false} error={undefined} onEnable={noop} onDisable={noop} onContinue={noop} onBack={noop} />],
    ['share', <ShareStep waiting={false} error={undefined} onShare={noop} onBack={noop} onUseFile={noop} widget={false} />],
    ['share waiting', <ShareStep waiting error={undefined} onShare={noop} onBack={noop} onUseFile={noop} otherTab widget />],
    ['share refused', <ShareStep waiting={false} error="dismissed" onShare={noop} onBack={noop} onUseFile={noop} onRecordInTab={noop} widget />],
    ['countdown', <CountdownStep onDone={noop} onCancel={noop} />],
    ['countdown compact', <CountdownStep compact onDone={noop} onCancel={noop} />],
    ['recording', <RecordingStep session={session} maxMs={20_000} microphone={undefined} keeping="device" upload={undefined} onStop={noop} onMinimize={noop} />],
    ['recording in memory', <RecordingStep session={session} maxMs={300_000} microphone={undefined} keeping="memory" upload={undefined} onStop={noop} />],
    ['recording on the host', <RecordingStep session={session} maxMs={300_000} microphone={undefined} keeping="host" upload={undefined} onStop={noop} otherTab />],
    ['recording compact', <RecordingStep session={session} maxMs={300_000} microphone={undefined} keeping="memory" upload={undefined} onStop={noop} compact onExpand={noop} />],
    ['preview', <PreviewStep load={() => new Promise(noop)} empty={false} durationMs={42_000} notice={m.preview.endedUncleanly} canRerecord onAccept={noop} onRerecord={noop} onUseFile={noop} onRecordInTab={noop} />],
    ['preview empty', <PreviewStep load={() => new Promise(noop)} empty durationMs={0} canRerecord onAccept={noop} onRerecord={noop} onUseFile={noop} onRecordInTab={noop} />],
    ['file', <FileStep request={request} onChosen={noop} onBack={noop} />],
    ['details', <DetailsStep fields={request.fields} initial={{}} onSubmit={noop} onBack={noop} />],
    ['submit', <SubmitStep upload={{ state: 'uploading', confirmedBytes: 5, sentBytes: 5, totalBytes: 10 }} phase="uploading" inMemory={false} saveRetrying={false} stalled={false} onRetry={noop} />],
    ['submit saving', <SubmitStep upload={undefined} phase="saving" inMemory saveRetrying stalled={false} onRetry={noop} />],
    ['submit stalled', <SubmitStep upload={undefined} phase="uploading" inMemory={false} saveRetrying={false} stalled onSaveCopy={async () => undefined} onRetry={noop} />],
    ['submit failed', <SubmitStep upload={undefined} phase="failed" errorCode="RECORDING_EMPTY" inMemory={false} saveRetrying={false} stalled={false} onRetry={noop} />],
    ['done', <DoneStep accountName="Acme Support" redirecting onClose={noop} />],
  ];
}

/** The words a page shows or says: text between tags and the labels given to assistive technology. */
function words(html: string): string[] {
  const labels = [...html.matchAll(/\s(?:aria-label|alt|title|placeholder)="([^"]*)"/g)].map((match) => match[1]!);
  const text = html
    .replace(/<[^>]*>/g, '\n')
    .replace(/&#x27;/g, '’')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .split('\n');
  return [...labels, ...text].map((s) => s.trim()).filter((s) => /\p{L}{2}/u.test(s));
}

const leaves = (catalogue: unknown, path = ''): Array<[string, unknown]> =>
  typeof catalogue === 'object' && catalogue !== null
    ? Object.entries(catalogue).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key))
    : [[path, catalogue]];

// Sample arguments for the catalogue's sentences: a function's words are compared with the same values put in.
const sample = (fn: unknown): string => (typeof fn === 'function' ? String(fn('Acme Support', 3)) : String(fn));

afterAll(() => setLocale('en'));

describe('every language', () => {
  it('has a translation for every string, none left in English', async () => {
    const english = new Map(leaves(en).map(([path, value]) => [path, sample(value)]));
    for (const code of OTHERS) {
      const catalogue: Messages = await loadCatalogue(code);
      const allowed = new Set([...(SAME_AS_ENGLISH[code] ?? []), ...DATA]);
      const untranslated = leaves(catalogue)
        .filter(([path, value]) => sample(value) === english.get(path) && !allowed.has(sample(value)))
        .map(([path]) => path);
      expect(untranslated, `${code}: strings still in English`).toEqual([]);
    }
  });

  it('renders every step without English where a translation exists', async () => {
    await setLocale('en');
    const englishWords = new Set(steps().flatMap(([, element]) => words(renderToStaticMarkup(element))));
    expect(englishWords).toContain('Share my screen');
    for (const code of OTHERS) {
      expect(await setLocale(code)).toBe(true);
      const allowed = new Set([...(SAME_AS_ENGLISH[code] ?? []), ...DATA]);
      for (const [name, element] of steps()) {
        const left = words(renderToStaticMarkup(element)).filter((w) => englishWords.has(w) && !allowed.has(w));
        expect(left, `${code}, ${name}: English left`).toEqual([]);
      }
    }
  });

  it('sets the page’s language and direction, right to left for Arabic only', async () => {
    await setLocale('ar');
    expect([document.documentElement.lang, document.documentElement.dir, document.title]).toEqual(['ar', 'rtl', 'تسجيل الشاشة']);
    await setLocale('ja');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ja', 'ltr']);
  });

  it('writes plurals and numbers the language’s way', async () => {
    const pl = await loadCatalogue('pl');
    expect([1, 3, 5, 22, 5000].map((n) => pl.details.tooLong(n))).toEqual([
      'Maksymalnie 1 znak.',
      'Maksymalnie 3 znaki.',
      'Maksymalnie 5 znaków.',
      'Maksymalnie 22 znaki.',
      'Maksymalnie 5000 znaków.',
    ]);
    expect((await loadCatalogue('de')).details.tooLong(5000)).toBe('Bitte höchstens 5.000 Zeichen.');
    expect((await loadCatalogue('ar')).details.tooLong(2)).toBe('يجب ألّا يتجاوز النص حرفين.');
  });
});

describe('choosing the language', () => {
  it('takes the prefix, then the request’s language, then the browser’s, then English', () => {
    expect(chooseLocale({ given: 'fr', requested: 'de', browser: ['ja-JP'] })).toBe('fr');
    expect(chooseLocale({ given: undefined, requested: 'de', browser: ['ja-JP'] })).toBe('de');
    expect(chooseLocale({ requested: null, browser: ['ja-JP', 'en'] })).toBe('ja');
    expect(chooseLocale({ browser: ['tlh', 'sv-FI'] })).toBe('sv');
    expect(chooseLocale({ browser: ['tlh'] })).toBe('en');
    // An unknown prefix is no choice: the next rule decides.
    expect(chooseLocale({ given: 'xx', browser: ['ko-KR'] })).toBe('ko');
  });

  it('falls back to the same language in another region, never from Traditional to Simplified Chinese', () => {
    expect(['pt-PT', 'pt', 'de-AT', 'es-MX', 'zh', 'zh-SG', 'zh-Hans-CN', 'ar-EG', 'en-GB'].map(matchLocale)).toEqual(['pt-BR', 'pt-BR', 'de', 'es', 'zh-CN', 'zh-CN', 'zh-CN', 'ar', 'en']);
    expect(['zh-TW', 'zh-Hant', 'zh-HK', 'tlh'].map(matchLocale)).toEqual([undefined, undefined, undefined, undefined]);
    expect(chooseLocale({ browser: ['zh-TW', 'en-US'] })).toBe('en');
  });
});
