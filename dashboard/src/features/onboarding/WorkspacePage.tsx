import { useAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SelectField, TextField } from '../../ui/TextField.tsx';
import { formFailure, type FormFailure } from '../auth/formError.ts';
import { userAtom } from '../auth/userAtom.ts';
import { updateWorkspace } from './onboardingApi.ts';
import styles from './OnboardingLayout.module.css';
import '../../messages/en/onboarding.ts';
import '../../messages/en/common.ts';

const COMPANY_SIZES = ['solo', 'small', 'medium', 'large', 'enterprise'] as const;
const USE_CASES = ['support', 'qa', 'product', 'sales', 'other'] as const;

/** Step 1: name the workspace and say a little about the team. */
export function WorkspacePage() {
  const [user, setUser] = useAtom(userAtom);
  const navigate = useNavigate();
  const [name, setName] = useState(user?.account?.name ?? '');
  const [companySize, setCompanySize] = useState('');
  const [useCase, setUseCase] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>({ fields: {}, form: undefined });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure({ fields: {}, form: undefined });
    try {
      await updateWorkspace({ name: name.trim(), company_size: companySize, use_case: useCase });
      if (user) setUser({ ...user, account: { ...user.account, name: name.trim() } });
      navigate('/onboarding/link-ready');
    } catch (error) {
      setFailure(formFailure(error, ['name', 'company_size', 'use_case'], t('onboarding.workspaceFailed')));
      setBusy(false);
    }
  };

  return (
    <Card>
      <p className={styles.stepLabel}>{t('onboarding.stepLabel', { step: 1, total: 3 })}</p>
      <h1 className={styles.title}>{t('onboarding.workspaceTitle')}</h1>
      <p className={styles.subtitle}>{t('onboarding.workspaceSubtitle')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('onboarding.workspaceTitle')}>
        {failure.form && <Banner tone="error">{failure.form}</Banner>}
        <TextField label={t('onboarding.accountName')} name="name" autoComplete="organization" required value={name} onChange={(e) => setName(e.target.value)} error={failure.fields.name} />
        <SelectField
          label={t('onboarding.companySize')}
          name="company_size"
          value={companySize}
          onChange={(e) => setCompanySize(e.target.value)}
          placeholder={t('onboarding.companySizeChoose')}
          options={COMPANY_SIZES.map((value) => ({ value, label: t(`onboarding.companySizes.${value}`) }))}
          error={failure.fields.company_size}
        />
        <SelectField
          label={t('onboarding.useCase')}
          name="use_case"
          value={useCase}
          onChange={(e) => setUseCase(e.target.value)}
          placeholder={t('onboarding.useCaseChoose')}
          options={USE_CASES.map((value) => ({ value, label: t(`onboarding.useCases.${value}`) }))}
          error={failure.fields.use_case}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={busy} disabled={!name.trim()}>
            {t('common.continue')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
