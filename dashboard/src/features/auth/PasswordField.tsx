import { useState } from 'react';
import { t } from '../../messages/t.ts';
import { TextField, type TextFieldProps } from '../../ui/TextField.tsx';
import styles from './AuthForm.module.css';
import '../../messages/en/auth.ts';

/** A password input with a show/hide toggle and no strength feedback (spec §2). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? t('auth.hide') : t('auth.show')}
        </button>
      }
    />
  );
}
