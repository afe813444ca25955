import { Link } from 'react-router-dom';
import { marketing } from '../../../messages/en/marketing.ts';
import { t } from '../../../messages/t.ts';
import { Reveal } from '../Reveal.tsx';
import styles from '../marketing.module.css';
import { Icon } from './icons.tsx';

/** Life without and with the product (spec §1: 45 minutes of back-and-forth against a 5-minute flow). */
export function Way() {
  const { old, new: fresh } = marketing.way;
  return (
    <Reveal labelledBy="way-title">
      <h2 id="way-title" className={styles.sectionTitle}>{t('marketing.way.title')}</h2>
      <div className={styles.grid2}>
        <div className={[styles.card, styles.wayOld].join(' ')}>
          <h3>{t('marketing.way.oldTitle')}</h3>
          <p className={styles.wayTime}>{t('marketing.way.oldTime')}</p>
          <ul className={styles.wayList}>
            {old.map((line) => (
              <li key={line}><Icon name="cross" size={18} /> {line}</li>
            ))}
          </ul>
        </div>
        <div className={[styles.card, styles.wayNew].join(' ')}>
          <h3>{t('marketing.way.newTitle')}</h3>
          <p className={styles.wayTime}>{t('marketing.way.newTime')}</p>
          <ul className={styles.wayList}>
            {fresh.map((line) => (
              <li key={line}><Icon name="check" size={18} /> {line}</li>
            ))}
          </ul>
        </div>
      </div>
      <p className={styles.waySaves}>
        <strong>{t('marketing.way.saves')}</strong> · <Link to="/proof">{t('marketing.way.measured')}</Link>
      </p>
    </Reveal>
  );
}
