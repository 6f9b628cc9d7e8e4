import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { env } from '../../../config/env.ts';
import { sendGaPageView } from '../api/google-analytics.ts';
import { sendPageView } from '../api/send-page-view.ts';

/**
 * Sends one page view per route change: first-party always, GA4 when configured. A replace that only
 * rewrites the state of the same address (clearing a banner message) is not a new view.
 */
export function usePageViews(title: string, measurementId = env.VITE_GA_MEASUREMENT_ID): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const last = useRef<{ key: string; path: string } | null>(null);
  const path = `${location.pathname}${location.search}`;

  useEffect(() => {
    const previous = last.current;
    if (
      previous &&
      (previous.key === location.key || (navigationType === 'REPLACE' && previous.path === path))
    ) {
      return;
    }
    last.current = { key: location.key, path };
    const view = { path, title };
    void sendPageView(view);
    if (measurementId) void sendGaPageView(measurementId, view);
  }, [location.key, path, title, navigationType, measurementId]);
}
