import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { Footer } from './Footer.tsx';
import { TopNav } from './TopNav.tsx';
import styles from './PublicLayout.module.css';

/** Public pages: navigation bar, the routed view, the bottom section. */
export function PublicLayout() {
  return (
    <div className={styles.page} id="top">
      <TopNav />
      <main className={styles.main} id="main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
