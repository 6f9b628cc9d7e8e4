import { Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { usePageViews } from '../../features/analytics/hooks/use-page-views.ts';
import { useSession } from '../../lib/session.tsx';
import { PATHS_WITHOUT_NAV, getPageTitle, isAppPath } from '../route-meta.ts';
import { AppFooter, Footer } from './footer.tsx';
import { SuccessBanner } from './success-banner.tsx';
import { TopNav } from './top-nav.tsx';

/**
 * The frame of every page: navigation, banner, page, footer (the marketing one on the public site, a slim one in the
 * signed-in app and the console); the session check and page view on each route change. */
export function AppShell() {
  const location = useLocation();
  const { recheck } = useSession();
  const title = getPageTitle(location.pathname);
  const isFirstRender = useRef(true);
  usePageViews(title);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    void recheck();
    window.scrollTo(0, 0);
  }, [location.pathname, location.search, recheck]);

  const handleSkip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById('main')?.focus();
  };

  return (
    <div className="flex min-h-screen flex-col bg-bg-secondary">
      <a
        href="#main"
        onClick={handleSkip}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-toast focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      {!PATHS_WITHOUT_NAV.includes(location.pathname) && <TopNav />}
      <SuccessBanner />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {isAppPath(location.pathname) ? <AppFooter /> : <Footer />}
    </div>
  );
}
