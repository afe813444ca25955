import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { t } from '../../messages/t.ts';
import { sanitizeInstructions } from './sanitizeInstructions.ts';
import styles from './RichTextEditor.module.css';
import '../../messages/en/requests.ts';

export interface RichTextEditorProps {
  id: string;
  /** The HTML the editor starts with; later changes of this prop are not applied (the editor is uncontrolled). */
  initialHtml: string;
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string;
}

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';

const BUTTONS: { command: Command; label: () => string; glyph: string }[] = [
  { command: 'bold', label: () => t('requests.form.bold'), glyph: 'B' },
  { command: 'italic', label: () => t('requests.form.italic'), glyph: 'I' },
  { command: 'insertUnorderedList', label: () => t('requests.form.bulletList'), glyph: '•' },
  { command: 'insertOrderedList', label: () => t('requests.form.numberedList'), glyph: '1.' },
];

const LINK_URL = /^(?:https?:\/\/|mailto:)\S+$/i;

/**
 * A small rich-text field: contenteditable with bold, italic, lists and links. `execCommand` is deprecated but is
 * the only editing API every supported browser implements, and it keeps undo (Ctrl+Z) working; a full editor
 * framework would be far heavier than four buttons need. Pasted content is sanitised before it is inserted.
 */
export function RichTextEditor({ id, initialHtml, onChange, labelledBy, describedBy }: RichTextEditorProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<Partial<Record<Command, boolean>>>({});

  useEffect(() => {
    if (ref.current) ref.current.innerHTML = sanitizeInstructions(initialHtml);
    // Only the first value: re-setting innerHTML while typing would move the caret.
  }, []);

  useEffect(() => {
    const update = () => {
      const editor = ref.current;
      const selection = document.getSelection();
      if (!editor || !selection?.anchorNode || !editor.contains(selection.anchorNode)) return;
      setActive(Object.fromEntries(BUTTONS.map((b) => [b.command, document.queryCommandState(b.command)])));
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, []);

  const emit = () => onChange(ref.current?.innerHTML ?? '');

  const run = (command: string, value?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, value);
    emit();
  };

  const addLink = () => {
    const url = window.prompt(t('requests.form.linkPrompt'), 'https://')?.trim();
    if (!url) return;
    if (!LINK_URL.test(url)) {
      window.alert(t('requests.form.linkInvalid'));
      return;
    }
    run('createLink', url);
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    const text = event.clipboardData.getData('text/plain');
    if (html) run('insertHTML', sanitizeInstructions(html));
    else run('insertText', text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      addLink();
    }
  };

  return (
    <div className={styles.editor}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('requests.form.toolbar')} aria-controls={id}>
        {BUTTONS.map((b) => (
          <button
            key={b.command}
            type="button"
            className={[styles.tool, styles[b.command] ?? ''].join(' ')}
            aria-label={b.label()}
            title={b.label()}
            aria-pressed={active[b.command] ?? false}
            // Keep the text selection in the editor when the button is pressed with the mouse.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(b.command)}
          >
            {b.glyph}
          </button>
        ))}
        <button type="button" className={styles.tool} onMouseDown={(e) => e.preventDefault()} onClick={addLink} title={`${t('requests.form.addLink')} (Ctrl+K)`}>
          {t('requests.form.addLink')}
        </button>
        <button type="button" className={styles.tool} onMouseDown={(e) => e.preventDefault()} onClick={() => run('unlink')} title={t('requests.form.removeLink')}>
          {t('requests.form.removeLink')}
        </button>
      </div>
      <div
        id={id}
        ref={ref}
        className={styles.area}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={0}
        onInput={emit}
        onBlur={emit}
        onPaste={onPaste}
        onKeyDown={onKeyDown}
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
      />
    </div>
  );
}
