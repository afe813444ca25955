import { BUSINESS_NAME_MAX, DEFAULT_BRAND_COLOR, LOGO_TYPES, TEXT_CONTRAST_MIN, brandPalette, type Branding } from '@showback/contract';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { BrandingPreview } from './BrandingPreview.tsx';
import { SectionLoading } from './SectionLoading.tsx';
import { deleteLogo, getBranding, updateBranding, uploadLogo } from './brandingApi.ts';
import { useSaveAction } from './useSaveAction.ts';
import styles from './AccountPage.module.css';
import own from './BrandingSection.module.css';
import '../../messages/en/branding.ts';

const FIELDS = ['business_name', 'brand_color', 'hide_powered_by'] as const;
const HEX = /^#[0-9a-f]{6}$/i;

/** The server's messages for a refused logo or a plan gate are written for the person; anything else gets ours. */
const logoFailure = (error: unknown): string =>
  error instanceof ApiError && ['UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED', 'FORBIDDEN'].includes(error.code) ? error.message : t('branding.logoFailed');

/** /my/account: how recording links look to recipients. Owners and admins edit; members see the preview only. */
export function BrandingSection() {
  const [branding, setBranding] = useState<Branding>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [color, setColor] = useState('');
  const [hide, setHide] = useState(false);
  const [logoBusy, setLogoBusy] = useState(false);
  const [logoError, setLogoError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveAction(FIELDS, t('branding.failed'));

  const show = (loaded: Branding) => {
    setBranding(loaded);
    setName(loaded.business_name ?? '');
    setColor(loaded.brand_color ?? '');
    setHide(loaded.hide_powered_by);
  };

  const load = () => {
    setLoadFailed(false);
    getBranding().then(show, () => setLoadFailed(true));
  };
  useEffect(load, []);

  if (!branding) return <SectionLoading heading={t('branding.heading')} failed={loadFailed} failedText={t('branding.loadFailed')} onRetry={load} />;

  const colorValid = color === '' || HEX.test(color);
  const palette = brandPalette(colorValid && color ? color : DEFAULT_BRAND_COLOR);
  const shownName = name.trim() || branding.default_business_name;
  const poweredBy = !(hide && branding.can_hide_powered_by);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(async () => {
      show(await updateBranding({ business_name: name.trim() || null, brand_color: color ? color.toLowerCase() : null, hide_powered_by: hide }));
    });
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setLogoBusy(true);
    setLogoError(undefined);
    uploadLogo(file)
      .then((saved) => setBranding(saved), (error: unknown) => setLogoError(logoFailure(error)))
      .finally(() => setLogoBusy(false));
  };

  const onRemoveLogo = () => {
    setLogoBusy(true);
    setLogoError(undefined);
    deleteLogo()
      .then((saved) => setBranding(saved), (error: unknown) => setLogoError(logoFailure(error)))
      .finally(() => setLogoBusy(false));
  };

  const preview = <BrandingPreview name={shownName} logo={branding.logo} palette={palette} poweredBy={poweredBy} />;

  return (
    <Card className={styles.section}>
      <h2 className={styles.heading}>{t('branding.heading')}</h2>
      <p className={styles.intro}>{t('branding.intro')}</p>
      {!branding.can_edit ? (
        <div className={own.layout}>
          <p className={styles.intro}>{t('branding.readOnly')}</p>
          {preview}
        </div>
      ) : (
        <div className={own.layout}>
          <div className={styles.form}>
            <div className={styles.form} role="group" aria-labelledby="branding-logo-label">
              <span id="branding-logo-label" className={own.label}>{t('branding.logo')}</span>
              {logoError && <Banner tone="error" onDismiss={() => setLogoError(undefined)}>{logoError}</Banner>}
              <div className={own.logoRow}>
                <div className={own.logoBox}>
                  {branding.logo ? <img src={branding.logo.url} width={branding.logo.width} height={branding.logo.height} alt={t('branding.currentLogo')} /> : t('branding.noLogo')}
                </div>
                <input ref={fileInput} className={own.fileInput} type="file" accept={LOGO_TYPES.join(',')} onChange={onFile} tabIndex={-1} aria-hidden="true" data-testid="logo-file" />
                <Button variant="secondary" size="small" busy={logoBusy} onClick={() => fileInput.current?.click()}>
                  {branding.logo ? t('branding.replaceLogo') : t('branding.uploadLogo')}
                </Button>
                {branding.logo && (
                  <Button variant="ghost" size="small" disabled={logoBusy} onClick={onRemoveLogo}>{t('branding.removeLogo')}</Button>
                )}
              </div>
              <p className={own.hint}>{t('branding.logoHint')}</p>
            </div>

            <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('branding.heading')}>
              {save.failure.form && <Banner tone="error">{save.failure.form}</Banner>}
              {save.saved && <Banner tone="success" onDismiss={save.dismissSaved}>{t('branding.saved')}</Banner>}
              <TextField
                label={t('branding.businessName')}
                name="business_name"
                autoComplete="organization"
                maxLength={BUSINESS_NAME_MAX}
                placeholder={branding.default_business_name}
                hint={t('branding.businessNameHint', { name: branding.default_business_name })}
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={save.failure.fields.business_name}
              />
              <div className={own.colorRow}>
                <input
                  className={own.swatch}
                  type="color"
                  aria-label={t('branding.pickColor')}
                  value={colorValid && color ? color.toLowerCase() : DEFAULT_BRAND_COLOR}
                  onChange={(e) => setColor(e.target.value)}
                />
                <TextField
                  label={t('branding.color')}
                  name="brand_color"
                  placeholder={DEFAULT_BRAND_COLOR}
                  spellCheck={false}
                  value={color}
                  onChange={(e) => setColor(e.target.value.trim())}
                  error={!colorValid ? t('branding.colorInvalid') : save.failure.fields.brand_color}
                />
              </div>
              {colorValid && (
                <p className={own.contrast} data-testid="contrast">
                  {t(palette.on_color === '#ffffff' ? 'branding.contrastWhite' : 'branding.contrastBlack', { ratio: palette.on_color_contrast.toFixed(1), min: TEXT_CONTRAST_MIN })}
                </p>
              )}
              {colorValid && palette.surface_contrast < TEXT_CONTRAST_MIN && (
                <Banner tone="warning">{t('branding.lightColor', { ratio: palette.surface_contrast.toFixed(1), accent: palette.accent })}</Banner>
              )}
              <Checkbox
                label={t('branding.hidePoweredBy')}
                name="hide_powered_by"
                checked={hide && branding.can_hide_powered_by}
                disabled={!branding.can_hide_powered_by}
                onChange={(e) => setHide(e.target.checked)}
              />
              {!branding.can_hide_powered_by && <p className={own.hint}>{t('branding.poweredByPlan')}</p>}
              <div className={styles.actions}>
                <Button type="submit" busy={save.busy} disabled={!colorValid}>{t('branding.save')}</Button>
              </div>
            </form>
          </div>
          {preview}
        </div>
      )}
    </Card>
  );
}
