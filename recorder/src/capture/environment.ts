import type { Environment } from '@showback/contract';
import { parseUserAgent } from './userAgent.ts';

/** Inputs read from the browser; a parameter so the mapping can be tested without one. */
export interface EnvironmentSource {
  userAgent: string;
  screen: { width: number; height: number };
  viewport: { width: number; height: number };
  devicePixelRatio: number;
  language: string;
  timeZone?: string;
  pageUrl: string;
}

const clip = (s: string | undefined, max: number): string | undefined => (s === undefined ? undefined : s.slice(0, max));

/** The recipient's environment as the submission carries it (contract field limits applied). */
export function buildEnvironment(src: EnvironmentSource): Environment {
  const ua = parseUserAgent(src.userAgent);
  const env: Environment = {
    browser: clip(ua.browser, 100),
    browser_version: clip(ua.browserVersion, 50),
    os: clip(ua.os ? `${ua.os}${ua.osVersion ? ` ${ua.osVersion}` : ''}` : undefined, 100),
    screen: `${Math.round(src.screen.width)}x${Math.round(src.screen.height)}`,
    viewport: `${Math.round(src.viewport.width)}x${Math.round(src.viewport.height)}`,
    device_pixel_ratio: Math.min(20, Math.max(0, src.devicePixelRatio || 1)),
    language: clip(src.language, 50),
    time_zone: clip(src.timeZone, 100),
    page_url: clip(src.pageUrl, 4000),
    user_agent: clip(src.userAgent, 1000),
  };
  for (const key of Object.keys(env) as Array<keyof Environment>) if (env[key] === undefined || env[key] === '') delete env[key];
  return env;
}

export function readEnvironment(): Environment {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return buildEnvironment({
    userAgent: navigator.userAgent,
    screen: { width: window.screen.width, height: window.screen.height },
    viewport: { width: window.innerWidth, height: window.innerHeight },
    devicePixelRatio: window.devicePixelRatio,
    language: navigator.language,
    timeZone,
    // Without the query: it carries only recorder switches (debug, embed), not anything about the recipient.
    pageUrl: window.location.origin + window.location.pathname,
  });
}
