import { PLANS, USER_LIMITS, type SignUpBody } from '@showback/contract';
import { useSetAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { DASHBOARD_PATH } from '../../app/paths.ts';
import { useHydrated } from '../../app/useHydrated.ts';
import { useTypedBeforeHydration } from '../../app/useTypedBeforeHydration.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { attributionPayload, clearAttribution } from '../attribution/attribution.ts';
import { signUp } from './authApi.ts';
import { chosenPlanFrom, rememberChosenPlan } from './chosenPlan.ts';
import { formFailure, type FormFailure } from './formError.ts';
import { InvitationUnavailable } from './InvitationUnavailable.tsx';
import { OAuthButtons } from './OAuthButtons.tsx';
import { PasswordField } from './PasswordField.tsx';
import { useInvitation } from './useInvitation.ts';
import { userAtom } from './userAtom.ts';
import styles from './AuthForm.module.css';
import '../../messages/en/auth.ts';

const SHOWN_FIELDS = ['name', 'email', 'account_name', 'password', 'password_confirmation'] as const;

export function SignUpPage() {
  const setUser = useSetAtom(userAtom);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The page is prerendered for a visitor without a query: what the query changes (an invitation, the chosen plan)
  // shows once hydrated, so hydration matches the HTML. Field values need no wait: React sets them while hydrating.
  const hydrated = useHydrated();
  const invitationToken = hydrated ? params.get('invitation_token') : null;
  const [form, setForm] = useState({ name: '', email: params.get('email') ?? '', account_name: '', password: '', password_confirmation: '' });
  const [busy, setBusy] = useState(false);
  const search = params.toString();
  useEffect(() => rememberChosenPlan(search), [search]);
  const chosen = hydrated ? chosenPlanFrom(search) : undefined;
  const [failure, setFailure] = useState<FormFailure>({ fields: {}, form: undefined });
  const invitation = useInvitation(params.get('invitation_token'));
  const invitedEmail = invitation.preview?.email;
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (typeof value === 'string' && (SHOWN_FIELDS as readonly string[]).includes(name)) setForm((f) => ({ ...f, [name]: value }));
  });

  const field = (name: (typeof SHOWN_FIELDS)[number]) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
    error: failure.fields[name],
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure({ fields: {}, form: undefined });
    const body: SignUpBody = {
      name: form.name,
      email: invitedEmail ?? form.email,
      account_name: form.account_name || '',
      password: form.password,
      password_confirmation: form.password_confirmation,
      invitation_token: invitationToken || null,
      ...attributionPayload(),
    };
    try {
      const user = await signUp(body);
      clearAttribution();
      setUser(user);
      // The router's basename carries the language prefix; the guards take over onboarding from here.
      navigate(DASHBOARD_PATH, { replace: true });
    } catch (error) {
      if (invitation.takeFailure(error)) return;
      setFailure(formFailure(error, SHOWN_FIELDS, t('auth.signUpFailed')));
      setBusy(false);
    }
  };

  const preview = invitation.preview;
  // An invitation link: the server marked <html data-invitation> so the prerendered card painted without what an
  // invited person does not get (providers, workspace name) and its texts invisible until the invitation's are in
  // (AuthForm.module.css). From here React keeps that state (`awaiting`) and the mark is dropped, so a later visit to
  // /sign-up in this tab is an ordinary one; the texts then appear in place, nothing already painted moves.
  const awaiting = Boolean(invitationToken) && !preview;
  useLayoutEffect(() => {
    if (hydrated) document.documentElement.removeAttribute('data-invitation');
  }, [hydrated]);

  if (invitation.problem) return <InvitationUnavailable reason={invitation.problem} />;

  return (
    <div className={styles.page}>
      <Card className={[styles.card, styles.signUpCard, awaiting ? styles.awaiting : ''].filter(Boolean).join(' ')} aria-busy={awaiting || undefined}>
        {awaiting && (
          <div className={styles.awaitingStatus}>
            <Spinner label={t('auth.invitation.loading')} />
          </div>
        )}
        <h1 className={styles.title}>{preview ? t('auth.invitation.title', { workspace: preview.account_name }) : t('auth.signUpTitle')}</h1>
        <p className={styles.subtitle}>
          {preview
            ? t(preview.invited_by ? 'auth.invitation.text' : 'auth.invitation.textNoInviter', { inviter: preview.invited_by ?? '', workspace: preview.account_name, role: t(`auth.invitation.as.${preview.role}`) })
            : t('auth.signUpSubtitle')}
        </p>
        {/* A provider sign-up cannot carry an invitation; an invited person signs up with the form. */}
        {!invitationToken && (
          <div className={styles.notInvited}>
            <OAuthButtons />
            <div className={styles.divider}>{t('auth.or')}</div>
          </div>
        )}
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.signUpTitle')}>
          {failure.form && <Banner tone="error">{failure.form}</Banner>}
          {chosen && <Banner tone="info">{t(chosen.interval === 'annual' ? 'auth.chosenPlanAnnual' : 'auth.chosenPlanMonthly', { plan: PLANS[chosen.plan].name })}</Banner>}
          <input type="hidden" name="invitation_token" value={invitationToken ?? ''} />
          <TextField label={t('auth.name')} autoComplete="name" required {...field('name')} />
          {invitationToken ? (
            <TextField label={t('auth.email')} type="email" name="email" value={invitedEmail ?? ''} readOnly hint={t('auth.invitation.emailHint')} error={failure.fields.email} />
          ) : (
            <TextField label={t('auth.email')} type="email" autoComplete="email" required {...field('email')} />
          )}
          {!invitationToken && <TextField className={styles.notInvited} label={t('auth.accountName')} autoComplete="organization" hint={t('auth.accountNameHint')} {...field('account_name')} />}
          <PasswordField label={t('auth.password')} autoComplete="new-password" hint={t('auth.passwordHint', { min: USER_LIMITS.passwordMin })} required {...field('password')} />
          <PasswordField label={t('auth.passwordConfirmation')} autoComplete="new-password" required {...field('password_confirmation')} />
          {/* Until hydrated, Enter in a field must not submit the bare form (a GET with the password in the URL). */}
          <Button type="submit" block busy={busy} disabled={!hydrated || awaiting}>
            {busy ? t('auth.signingUp') : t('auth.signUpButton')}
          </Button>
        </form>
        <p className={styles.footer}>
          {t('auth.haveAccount')} <Link to="/sign-in">{t('auth.signInLink')}</Link>
        </p>
      </Card>
    </div>
  );
}
