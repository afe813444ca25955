import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { userAtom } from '../../features/auth/userAtom.ts';
import { useSignOut } from '../../features/auth/useSignOut.ts';
import { useChatUnread } from '../../features/chat/useChatUnread.ts';
import { t, type MessageKey } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import styles from './AppShell.module.css';
import '../../messages/en/app.ts';
import '../../messages/en/common.ts';
import '../../messages/en/nav.ts';

const LINKS: { path: string; label: MessageKey; end?: boolean }[] = [
  { path: '/dashboard', label: 'app.dashboard' },
  { path: '/my/requests', label: 'app.requests' },
  { path: '/my/recordings', label: 'app.recordings' },
  { path: '/my/integrations', label: 'app.integrations' },
  { path: '/my/widget', label: 'app.widget' },
  { path: '/my/team', label: 'app.team' },
  { path: '/my/account', label: 'app.account' },
  { path: '/support', label: 'app.support' },
  { path: '/chat', label: 'app.chat' },
];

/** The signed-in area: sidebar navigation (a top bar on narrow screens), the routed view, sign-out. */
export function AppShell() {
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const { signOut, signingOut } = useSignOut();
  const navId = useId();
  useEffect(() => setOpen(false), [pathname]);
  const unread = useChatUnread(pathname);
  // The count is read out as part of the link's (and the closed menu button's) name; the visible number is decoration.
  const unreadText = unread > 0 ? t('app.unread', { count: unread }) : '';

  const notFound = params.get('not_found') === 'true';
  const dismissNotFound = () => {
    const next = new URLSearchParams(params);
    next.delete('not_found');
    setParams(next, { replace: true });
  };

  const links = user?.is_sysadmin ? [...LINKS, { path: '/donkey', label: 'app.admin' as MessageKey }] : LINKS;

  return (
    <div className={styles.shell}>
      <header className={styles.sidebar}>
        <div className={styles.topRow}>
          <Link to="/dashboard" className={styles.brand} aria-label={`${t('common.appName')} ${t('app.dashboard')}`}>
            <Logo />
          </Link>
          <Button
            variant="ghost"
            className={styles.menuButton}
            aria-expanded={open}
            aria-controls={navId}
            aria-label={open ? t('nav.closeMenu') : [t('nav.openMenu'), unreadText].filter(Boolean).join(', ')}
            onClick={() => setOpen((value) => !value)}
          >
            ☰{unread > 0 && !open && <span className={styles.dot} aria-hidden="true" />}
          </Button>
        </div>
        <nav id={navId} className={[styles.nav, open ? styles.navOpen : ''].join(' ')} aria-label={t('app.navigation')}>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.path}>
                <NavLink className={styles.link} to={link.path} aria-label={link.path === '/chat' && unreadText ? `${t(link.label)}, ${unreadText}` : undefined}>
                  {t(link.label)}
                  {link.path === '/chat' && unread > 0 && (
                    <span className={styles.badge} aria-hidden="true" data-testid="chat-unread">
                      {unread}
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className={styles.bottom}>
            {user?.email && <p className={styles.who}>{t('app.signedInAs', { email: user.email })}</p>}
            <Button variant="secondary" size="small" onClick={() => void signOut()} busy={signingOut}>
              {t('app.signOut')}
            </Button>
          </div>
        </nav>
      </header>
      <main className={styles.main} id="main">
        <div className={styles.content}>
          {notFound && (
            <Banner tone="warning" className={styles.notice} onDismiss={dismissNotFound}>
              {t('app.notFound')}
            </Banner>
          )}
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
