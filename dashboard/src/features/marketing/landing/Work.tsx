import { t } from '../../../messages/t.ts';
import { Reveal } from '../Reveal.tsx';
import styles from '../marketing.module.css';
import { Icon } from './icons.tsx';
import '../../../messages/en/marketing.ts';

export function Work() {
  return (
    <Reveal id="work" labelledBy="work-title">
      <h2 id="work-title" className={styles.sectionTitle}>{t('marketing.work.title')}</h2>
      <ul className={styles.grid2}>
        <li className={styles.card}>
          <span className={styles.iconBadge}><Icon name="link" /></span>
          <h3>{t('marketing.work.links.title')}</h3>
          <p>{t('marketing.work.links.text')}</p>
        </li>
        <li className={styles.card}>
          <span className={styles.iconBadge}><Icon name="widget" /></span>
          <h3>{t('marketing.work.widget.title')}</h3>
          <p>{t('marketing.work.widget.text')}</p>
        </li>
      </ul>
    </Reveal>
  );
}
