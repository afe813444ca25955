import { USER_LIMITS } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { PasswordField } from './PasswordField.tsx';
import '../../messages/en/auth.ts';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange(value: string): void;
  onConfirmationChange(value: string): void;
  errors: { password?: string | undefined; password_confirmation?: string | undefined };
  labels?: { password: string; confirmation: string };
}

/** A new password and its confirmation, as every screen that sets a password asks for them. */
export function NewPasswordFields({ password, confirmation, onPasswordChange, onConfirmationChange, errors, labels }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={labels?.password ?? t('auth.newPassword')}
        name="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint', { min: USER_LIMITS.passwordMin })}
        maxLength={USER_LIMITS.passwordMax}
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        error={errors.password}
        required
      />
      <PasswordField
        label={labels?.confirmation ?? t('auth.passwordConfirmation')}
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => onConfirmationChange(e.target.value)}
        error={errors.password_confirmation}
        required
      />
    </>
  );
}
