import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cx } from '../../components/ui/cx.ts';
import { readNavigationState } from '../../lib/navigation-state.ts';

/** How long the banner stays (docs/product.md §2.3). */
export const BANNER_DURATION_MS = 5000;

interface Banner {
  id: string;
  text: string;
  isError: boolean;
}

/**
 * Shows a message passed in navigation state at the top centre for 5 s, then clears it from the state so a
 * reload or Back does not show it again. The rest of the state (the origin) is kept for the page.
 */
export function SuccessBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    const { message, messageType } = readNavigationState(location.state);
    if (!message) return;
    setBanner({ id: location.key, text: message, isError: messageType === 'error' });
    const { message: _message, messageType: _type, ...rest } = location.state as Record<string, unknown>;
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: Object.keys(rest).length > 0 ? rest : null },
    );
  }, [location, navigate]);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_DURATION_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-4 z-toast flex justify-center px-4"
      aria-live="polite"
    >
      {banner && (
        <div
          key={banner.id}
          role={banner.isError ? 'alert' : 'status'}
          className={cx(
            'pointer-events-auto max-w-lg rounded-md px-4 py-3 text-center text-sm font-semibold text-white shadow-lg',
            banner.isError ? 'bg-danger-solid' : 'bg-success-solid',
          )}
        >
          {banner.text}
        </div>
      )}
    </div>
  );
}
