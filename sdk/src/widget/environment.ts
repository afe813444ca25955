import type { Environment } from '@showback/contract';

function browser(ua: string): [string, string] | [] {
  const m = /(Edg|OPR|Firefox|Chrome)\/([\d.]+)/.exec(ua);
  if (m) return [({ Edg: 'Edge', OPR: 'Opera' } as Record<string, string>)[m[1]!] || m[1]!, m[2]!];
  const s = /Version\/([\d.]+).*Safari/.exec(ua);
  return s ? ['Safari', s[1]!] : [];
}

function os(ua: string): string | undefined {
  const m = /(Windows NT [\d.]+|Mac OS X [\d_.]+|Android [\d.]+|CrOS|Linux)/.exec(ua);
  return m ? m[1]!.replace('Windows NT', 'Windows').replace('Mac OS X', 'macOS').replace(/_/g, '.') : undefined;
}

/** The host page's environment, in the shape the submission API stores (`EnvironmentSchema`). */
export function environment(pageUrl: (u: string) => string): Environment {
  const ua = navigator.userAgent;
  const [name, version] = browser(ua);
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // very old engines
  }
  const env: Environment = {
    browser: name,
    browser_version: version,
    os: os(ua),
    screen: `${screen.width}x${screen.height}`,
    viewport: `${innerWidth}x${innerHeight}`,
    device_pixel_ratio: devicePixelRatio,
    language: navigator.language,
    time_zone: timeZone,
    page_url: pageUrl(location.href).slice(0, 4000),
    user_agent: ua.slice(0, 1000),
  };
  for (const k of Object.keys(env) as (keyof Environment)[]) if (env[k] === undefined) delete env[k];
  return env;
}
