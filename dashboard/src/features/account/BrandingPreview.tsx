import type { BrandLogo, BrandPalette } from '@showback/contract';
import { t } from '../../messages/t.ts';
import styles from './BrandingSection.module.css';
import '../../messages/en/branding.ts';

interface Props {
  name: string;
  logo: BrandLogo | null;
  palette: BrandPalette;
  poweredBy: boolean;
}

/** A small picture of the recorder's first step with these choices, drawn with the colours the recorder will use. */
export function BrandingPreview({ name, logo, palette, poweredBy }: Props) {
  return (
    <figure className={styles.preview} aria-label={t('branding.previewLabel')}>
      <div className={styles.previewTop}>
        {logo && <img className={styles.previewLogo} src={logo.url} width={logo.width} height={logo.height} alt="" />}
        <span className={styles.previewName}>{name}</span>
      </div>
      <div className={styles.previewCard}>
        <p className={styles.previewEyebrow} style={{ color: palette.accent }}>{t('branding.previewEyebrow')}</p>
        <p className={styles.previewTitle}>{t('branding.previewTitle')}</p>
        <span className={styles.previewButton} style={{ background: palette.color, color: palette.on_color }}>
          {t('branding.previewButton')}
        </span>
      </div>
      {poweredBy && <figcaption className={styles.previewPoweredBy}>{t('branding.poweredBy')}</figcaption>}
    </figure>
  );
}
