/** What a user-agent string says about the browser and OS; unknown parts stay undefined. */
export interface ParsedUserAgent {
  browser?: string;
  browserVersion?: string;
  /** Major version as a number, for support checks. */
  browserMajor?: number;
  os?: string;
  osVersion?: string;
  mobile: boolean;
}

// Order matters: Edge, Opera and Samsung carry "Chrome/" too, Chrome carries "Safari/", and iOS browsers carry
// their own tokens (CriOS, FxiOS, EdgiOS) but are all WebKit underneath.
const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /\b(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /\bSamsungBrowser\/([\d.]+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /\bVersion\/([\d.]+)(?:\s+Mobile\/\S+)?\s+Safari\//],
];

const WINDOWS_NT: Record<string, string> = { '10.0': '10/11', '6.3': '8.1', '6.2': '8', '6.1': '7', '6.0': 'Vista', '5.1': 'XP' };

function parseOs(ua: string): Pick<ParsedUserAgent, 'os' | 'osVersion'> {
  let m: RegExpMatchArray | null;
  if ((m = ua.match(/\b(?:iPhone|iPad|iPod).*?\bOS (\d+(?:_\d+)*)/))) return { os: 'iOS', osVersion: m[1]!.replace(/_/g, '.') };
  if ((m = ua.match(/\bAndroid(?: (\d+(?:\.\d+)*))?/))) return { os: 'Android', osVersion: m[1] };
  if ((m = ua.match(/\bCrOS \S+ ([\d.]+)/))) return { os: 'ChromeOS', osVersion: m[1] };
  if ((m = ua.match(/\bWindows NT (\d+\.\d+)/))) return { os: 'Windows', osVersion: WINDOWS_NT[m[1]!] ?? m[1] };
  if ((m = ua.match(/\bMac OS X (\d+(?:[_.]\d+)*)/))) return { os: 'macOS', osVersion: m[1]!.replace(/_/g, '.') };
  if (/\bMacintosh\b/.test(ua)) return { os: 'macOS' };
  if (/\bLinux\b/.test(ua)) return { os: 'Linux' };
  return {};
}

export function parseUserAgent(ua: string): ParsedUserAgent {
  const result: ParsedUserAgent = { ...parseOs(ua), mobile: /\bMobile\b|\bAndroid\b|\biPhone\b|\biPad\b/.test(ua) };
  for (const [name, pattern] of BROWSERS) {
    const m = ua.match(pattern);
    if (!m) continue;
    result.browser = name;
    result.browserVersion = m[1];
    const major = Number.parseInt(m[1]!, 10);
    if (Number.isFinite(major)) result.browserMajor = major;
    break;
  }
  return result;
}

/** "Chrome 131 on macOS 10.15.7"-style label, for logs and the review screen. */
export function describeUserAgent(p: ParsedUserAgent): string {
  const browser = p.browser ? `${p.browser}${p.browserMajor !== undefined ? ` ${p.browserMajor}` : ''}` : 'Unknown browser';
  const os = p.os ? ` on ${p.os}${p.osVersion ? ` ${p.osVersion}` : ''}` : '';
  return browser + os;
}
