import { t } from '../../../messages/t.ts';
import { Reveal } from '../Reveal.tsx';
import styles from '../marketing.module.css';
import '../../../messages/en/marketing.ts';

export function Testimonial() {
  return (
    <Reveal labelledBy="testimonial-title" className={styles.testimonial}>
      <h2 id="testimonial-title" className="visually-hidden">{t('marketing.testimonial.name')}</h2>
      <figure>
        <blockquote><p>“{t('marketing.testimonial.quote')}”</p></blockquote>
        <figcaption>
          <strong>{t('marketing.testimonial.name')}</strong>, {t('marketing.testimonial.role')}
        </figcaption>
      </figure>
    </Reveal>
  );
}
