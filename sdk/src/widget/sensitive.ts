// Names that look like credentials: exact for short or ambiguous words, substring for unambiguous ones.
const SENSITIVE =
  /^(auth|authorization|cookie|set-cookie|proxy-authorization|session|sessionid|sid|jwt|sig|otp|pwd|pin|ssn|x-api-key)$|token|passw|secret|api[-_]?key|credential|private[-_]?key|signature|card[-_]?number|cvv|cvc/i;

export const REDACTED = '[redacted]';

/** The built-in rule plus the integrator's own names (`capture.redact.fields`, exact, case-insensitive). */
export function sensitiveNames(extra: readonly string[] | undefined): (name: string) => boolean {
  const more = (extra || []).filter((n) => typeof n === 'string').map((n) => n.toLowerCase());
  return (name) => SENSITIVE.test(name) || more.includes(name.toLowerCase());
}

/** Index just past the JSON-like value starting at `i` (a string, a balanced object or array, or a bare token). */
function valueEnd(s: string, i: number): number {
  let depth = 0;
  let inString = false;
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') {
        inString = false;
        if (!depth) return j + 1;
      }
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (!depth) return j;
      if (!--depth) return j + 1;
    } else if (c === ',' && !depth) return j;
  }
  return s.length;
}

/**
 * Replaces the values of credential-looking keys in JSON-like text (what the console capture produces for objects,
 * or a JSON body that did not parse) with `"[redacted]"`, whole objects included.
 */
export function redactKeysInText(s: string, isSensitive: (name: string) => boolean): string {
  const key = /"((?:[^"\\]|\\.)*)"\s*:\s*/g;
  let out = '';
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = key.exec(s))) {
    let name = m[1]!;
    try {
      name = JSON.parse(`"${name}"`);
    } catch {
      // keep the raw text
    }
    if (!isSensitive(name)) continue;
    const end = valueEnd(s, key.lastIndex);
    out += `${s.slice(last, key.lastIndex)}"${REDACTED}"`;
    last = key.lastIndex = end;
  }
  return out + s.slice(last);
}
