import { Link } from 'react-router-dom';
import { t, type MessageKey } from '../../messages/t.ts';
import { Logo } from '../../ui/Logo.tsx';
import styles from './PublicLayout.module.css';
import '../../messages/en/nav.ts';

const LINKS: { path: string; label: MessageKey }[] = [
  { path: '/', label: 'nav.home' },
  { path: '/features', label: 'nav.howItWorks' },
  { path: '/integrations', label: 'nav.integrations' },
  { path: '/pricing', label: 'nav.pricing' },
  { path: '/contact', label: 'nav.contact' },
  { path: '/faq', label: 'nav.faqs' },
  { path: '/privacy', label: 'nav.privacy' },
  { path: '/terms', label: 'nav.terms' },
];

/** The bottom section of the public pages (spec §2 landing page footer). */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <Logo size={24} />
        <nav aria-label={t('nav.footer')}>
          <ul className={styles.footerLinks}>
            {LINKS.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>{t('nav.copyright')}</p>
      </div>
    </footer>
  );
}
