import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useUserAfterHydration } from '../../features/auth/useUserAfterHydration.ts';
import { t, type MessageKey } from '../../messages/t.ts';
import { Button, buttonClassName } from '../../ui/Button.tsx';
import { Logo } from '../../ui/Logo.tsx';
import styles from './PublicLayout.module.css';
import '../../messages/en/nav.ts';

/** Spec §2 top navigation: page links, and on the home page the same links as in-page anchors. */
const LINKS: { path: string; anchor: string; label: MessageKey }[] = [
  { path: '/', anchor: '#top', label: 'nav.home' },
  { path: '/features', anchor: '#features', label: 'nav.howItWorks' },
  { path: '/integrations', anchor: '#integrations', label: 'nav.integrations' },
  { path: '/pricing', anchor: '#pricing', label: 'nav.pricing' },
  { path: '/faq', anchor: '#faq', label: 'nav.faq' },
  { path: '/contact', anchor: '#contact', label: 'nav.contact' },
];

export function TopNav() {
  const user = useUserAfterHydration();
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const [open, setOpen] = useState(false);
  const navId = useId();
  useEffect(() => setOpen(false), [pathname]);
  const navigate = useNavigate();
  // Through the router rather than the browser's own jump, so ScrollManager scrolls there smoothly (spec §2).
  const followAnchor = (event: MouseEvent<HTMLAnchorElement>, anchor: string) => {
    setOpen(false);
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate({ hash: anchor });
  };

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand}>
          <Logo />
        </Link>
        <Button
          variant="ghost"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((value) => !value)}
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        >
          ☰
        </Button>
        <nav id={navId} className={[styles.nav, open ? styles.navOpen : ''].join(' ')} aria-label={t('nav.mainMenu')}>
          <ul className={styles.links}>
            {LINKS.filter((link) => !(onHome && link.path === '/')).map((link) => (
              <li key={link.path}>
                {onHome ? (
                  <a className={styles.link} href={link.anchor} onClick={(event) => followAnchor(event, link.anchor)}>
                    {t(link.label)}
                  </a>
                ) : (
                  <NavLink className={styles.link} to={link.path} end>
                    {t(link.label)}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        {user?.id ? (
          <Link className={`${buttonClassName()} ${styles.cta}`} to="/dashboard">
            {t('nav.goToDashboard')}
          </Link>
        ) : (
          <Link className={`${buttonClassName()} ${styles.cta}`} to="/sign-up">
            {t('nav.startFree')}
          </Link>
        )}
      </div>
    </header>
  );
}
