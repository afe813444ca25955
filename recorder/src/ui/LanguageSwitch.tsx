import { useId } from 'react';
import { m } from '../messages/index.ts';
import { LOCALE_CODES, LOCALE_NAMES, type Locale } from '@showback/contract';

/** In sight on every step: a customer whose language was guessed wrong changes it without losing anything. */
export function LanguageSwitch({ value, onChange }: { value: Locale; onChange(locale: Locale): void }) {
  const id = useId();
  return (
    <span className="language">
      {/* A globe anyone recognises, for a customer who cannot read the language the page guessed. */}
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.2">
        <circle cx="8" cy="8" r="6.5" />
        <path d="M1.5 8h13M8 1.5c2 2 2.6 4.2 2.6 6.5S10 12.5 8 14.5M8 1.5C6 3.5 5.4 5.7 5.4 8S6 12.5 8 14.5" />
      </svg>
      <label htmlFor={id}>{m.language}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Locale)}>
        {LOCALE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
