import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Routes are split into chunks loaded on first visit (React.lazy); on a loaded 2-core machine the transform of a
// chunk the test reaches for the first time can take seconds, so findBy* and waitFor wait up to 10 s (they still
// return as soon as the element appears).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; react-hot-toast's Toaster asks for it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom does not scroll; the shell scrolls to the top on each route change.
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.useRealTimers();
  vi.restoreAllMocks();
});
