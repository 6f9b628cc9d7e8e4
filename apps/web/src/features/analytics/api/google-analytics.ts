import type ReactGAModule from 'react-ga4';
import type { PageView } from './send-page-view.ts';

type ReactGa = typeof ReactGAModule;
let ga: Promise<ReactGa> | null = null;

/** Loads react-ga4 on first use and initialises it without its own first page view (we send each one). */
function loadGa(measurementId: string): Promise<ReactGa> {
  ga ??= import('react-ga4').then(({ default: ReactGA }) => {
    ReactGA.initialize(measurementId, { gtagOptions: { send_page_view: false } });
    return ReactGA;
  });
  return ga;
}

/** Sends the view to GA4 with its full URL; only called when VITE_GA_MEASUREMENT_ID is set. */
export async function sendGaPageView(measurementId: string, view: PageView): Promise<void> {
  try {
    const ReactGA = await loadGa(measurementId);
    ReactGA.send({ hitType: 'pageview', page: view.path, title: view.title, location: window.location.href });
  } catch {
    // a blocked script must not break navigation
  }
}
