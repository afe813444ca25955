import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PLANS, TRIAL_DAYS } from '@showback/contract';
import { t } from '../../../messages/t.ts';
import { buttonClassName } from '../../../ui/Button.tsx';
import { DelayedVideo } from '../DelayedVideo.tsx';
import heroMp4 from '../media/hero.mp4?url';
import heroPoster from '../media/hero.jpg?poster';
import heroWebm from '../media/hero.webm?url';
import styles from '../marketing.module.css';
import '../../../messages/en/marketing.ts';

/** Spec §9: the hero video loads 100 ms after page load. */
export const HERO_VIDEO_DELAY_MS = 100;

export function Hero() {
  const navigate = useNavigate();
  const emailId = useId();

  // A GET form so the prerendered page works before (or without) JavaScript; once hydrated it is a router navigation.
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    navigate(`/sign-up?${new URLSearchParams({ email: typeof email === 'string' ? email.trim() : '' }).toString()}`);
  };

  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.heroText}>
        <p className={styles.eyebrow}>{t('marketing.hero.eyebrow')}</p>
        <h1 id="hero-title" className={styles.heroTitle}>
          {t('marketing.hero.title')}
        </h1>
        <p className={styles.lead}>{t('marketing.hero.lead')}</p>
        <form className={styles.heroForm} method="get" action="/sign-up" onSubmit={onSubmit}>
          <label htmlFor={emailId} className="visually-hidden">
            {t('marketing.hero.emailLabel')}
          </label>
          <input id={emailId} className={styles.heroInput} type="email" name="email" required autoComplete="email" placeholder={t('marketing.hero.emailPlaceholder')} />
          <button type="submit" className={buttonClassName()}>
            {t('marketing.hero.continue')}
          </button>
        </form>
        <ul className={styles.heroNotes}>
          <li>{t('marketing.hero.freeNote', { count: PLANS.free.submissionLimit ?? 0 })}</li>
          <li>{t('marketing.hero.trialNote', { days: TRIAL_DAYS })}</li>
        </ul>
      </div>
      <div className={styles.heroMedia}>
        <DelayedVideo sources={{ webm: heroWebm, mp4: heroMp4 }} poster={heroPoster} priority label={t('marketing.hero.videoLabel')} delayMs={HERO_VIDEO_DELAY_MS} width={960} height={540} />
      </div>
    </section>
  );
}
