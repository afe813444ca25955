import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { WidgetSettings } from '@showback/contract';
import { Button } from '../../ui/Button.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { t } from '../../messages/t.ts';
import { SNIPPET_KINDS, snippet, type SnippetKind } from './snippets.ts';
import styles from './WidgetPage.module.css';
import '../../messages/en/common.ts';
import '../../messages/en/widgetPage.ts';

/** The snippet per framework as ARIA tabs (arrow keys move between them), each with a copy button. */
export function SnippetTabs({ settings }: { settings: WidgetSettings }) {
  const [kind, setKind] = useState<SnippetKind>('script');
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const toast = useToast();
  const code = snippet(kind, settings);

  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + SNIPPET_KINDS.length) % SNIPPET_KINDS.length;
    setKind(SNIPPET_KINDS[next]!);
    tabs.current[next]?.focus();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.show({ tone: 'success', message: t('common.copied'), lifetimeMs: TOAST_LIFETIME.copy });
    } catch {
      toast.show({ tone: 'warning', message: t('common.copyFailed') });
    }
  };

  return (
    <div className={styles.snippet}>
      <div role="tablist" aria-label={t('widgetPage.snippet.title')} className={styles.tabs}>
        {SNIPPET_KINDS.map((k, i) => (
          <button
            key={k}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${k}`}
            aria-selected={kind === k}
            aria-controls={`${base}-panel`}
            tabIndex={kind === k ? 0 : -1}
            className={styles.tab}
            onClick={() => setKind(k)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t(`widgetPage.snippet.kinds.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${kind}`} className={styles.panel}>
        <pre className={styles.code} tabIndex={0} data-testid="widget-snippet">
          <code>{code}</code>
        </pre>
        <Button variant="secondary" size="small" onClick={() => void copy()} className={styles.copy}>
          {t('widgetPage.snippet.copy')}
        </Button>
      </div>
    </div>
  );
}
