import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner.tsx';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  block?: boolean;
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
  children: ReactNode;
}

export function buttonClassName({ variant = 'primary', size = 'normal', block = false }: Pick<ButtonProps, 'variant' | 'size' | 'block'> = {}): string {
  return [styles.button, styles[variant], size === 'small' ? styles.small : '', block ? styles.block : ''].filter(Boolean).join(' ');
}

export function Button({ variant, size, block, busy = false, disabled, type = 'button', className, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={[buttonClassName({ variant, size, block }), className].filter(Boolean).join(' ')}
    >
      {busy && <Spinner size="small" label="" />}
      {children}
    </button>
  );
}
