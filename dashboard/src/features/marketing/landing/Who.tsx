import { t } from '../../../messages/t.ts';
import { Reveal } from '../Reveal.tsx';
import styles from '../marketing.module.css';
import { Icon, type IconName } from './icons.tsx';
import '../../../messages/en/marketing.ts';

const AUDIENCES: [key: 'support' | 'product' | 'saas', icon: IconName][] = [
  ['support', 'headset'],
  ['product', 'product'],
  ['saas', 'saas'],
];

export function Who() {
  return (
    <Reveal id="who" labelledBy="who-title">
      <h2 id="who-title" className={styles.sectionTitle}>{t('marketing.who.title')}</h2>
      <ul className={styles.grid3}>
        {AUDIENCES.map(([key, icon]) => (
          <li key={key} className={styles.card}>
            <span className={styles.iconBadge}><Icon name={icon} /></span>
            <h3>{t(`marketing.who.${key}.title`)}</h3>
            <p>{t(`marketing.who.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </Reveal>
  );
}
