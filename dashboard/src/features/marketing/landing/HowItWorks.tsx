import { t } from '../../../messages/t.ts';
import { Reveal } from '../Reveal.tsx';
import styles from '../marketing.module.css';
import { Icon, type IconName } from './icons.tsx';
import '../../../messages/en/marketing.ts';

const POINTS: [key: 'noInstall' | 'context' | 'review', icon: IconName][] = [
  ['noInstall', 'install'],
  ['context', 'logs'],
  ['review', 'clock'],
];

export function HowItWorks() {
  return (
    <Reveal id="features" labelledBy="features-title">
      <h2 id="features-title" className={styles.sectionTitle}>{t('marketing.how.title')}</h2>
      <p className={styles.sectionLead}>{t('marketing.how.lead')}</p>
      <ul className={styles.grid3}>
        {POINTS.map(([key, icon]) => (
          <li key={key} className={styles.card}>
            <span className={styles.iconBadge}><Icon name={icon} /></span>
            <h3>{t(`marketing.how.points.${key}.title`)}</h3>
            <p>{t(`marketing.how.points.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </Reveal>
  );
}
