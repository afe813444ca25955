import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../../../messages/t.ts';
import styles from './Comments.module.css';
import '../../../messages/en/comments.ts';

/** The "@na" being typed just before the caret, if any: from an @ at the start or after a space, no line break. */
function mentionQuery(text: string, caret: number): { start: number; query: string } | undefined {
  const match = /(^|\s)@([^\s@][^@\n]{0,30}|)$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  return { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() };
}

/** Someone who can be @mentioned: a member of the team, with their email for the owner's side, by name only for a guest. */
export interface Mentionable {
  id: string;
  name: string;
  email?: string;
}

/** The members whose @Name is still in the text: what the comment mentions. */
export function mentionedIn(text: string, members: Mentionable[]): string[] {
  return members.filter((m) => text.includes(`@${m.name}`)).map((m) => m.id);
}

export interface MentionTextareaProps {
  value: string;
  onChange: (value: string) => void;
  members: Mentionable[];
  label: string;
  placeholder: string;
  /** Ctrl/Cmd+Enter. */
  onSubmit: () => void;
  autoFocus?: boolean;
}

/** A textarea that offers the team's members after an @ (arrows and Enter, or a click) and writes @Name. */
export function MentionTextarea({ value, onChange, members, label, placeholder, onSubmit, autoFocus }: MentionTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const typing = dismissed ? undefined : mentionQuery(value, caret);
  const suggestions = typing ? members.filter((m) => m.name.toLowerCase().includes(typing.query) || (m.email?.toLowerCase().startsWith(typing.query) ?? false)).slice(0, 6) : [];
  const open = suggestions.length > 0;

  const choose = (member: Mentionable) => {
    if (!typing) return;
    const inserted = `@${member.name} `;
    const next = value.slice(0, typing.start) + inserted + value.slice(caret);
    onChange(next);
    const at = typing.start + inserted.length;
    setCaret(at);
    // Placed when the new text is in the field, before the next key: a frame later, keys typed meanwhile would land
    // after the caret is moved back behind them.
    pendingCaret.current = at;
  };
  useLayoutEffect(() => {
    if (pendingCaret.current === null) return;
    ref.current?.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
    } else if (open && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      choose(suggestions[Math.min(active, suggestions.length - 1)]!);
    } else if (open && event.key === 'Escape') {
      setDismissed(true);
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <div className={styles.mentionBox}>
      <textarea
        ref={ref}
        className={styles.textarea}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        rows={3}
        maxLength={5000}
        autoFocus={autoFocus}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${Math.min(active, suggestions.length - 1)}` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
          setActive(0);
          setDismissed(false);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={t('comments.mentionSuggestions')} className={styles.suggestions} hidden={!open}>
        {suggestions.map((member, i) => (
          <li
            key={member.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === Math.min(active, suggestions.length - 1)}
            className={styles.suggestion}
            // Before the textarea's blur, so the choice lands where the caret was.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(member);
            }}
          >
            <strong>{member.name}</strong> {member.email && <span className={styles.muted}>{member.email}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
