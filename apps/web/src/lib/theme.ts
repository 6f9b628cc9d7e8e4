import { useCallback, useEffect, useSyncExternalStore } from 'react';

/** The theme a user picked; `system` follows the operating system (docs/decisions/033). */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

/** Not a secret: the one thing the app keeps in localStorage, read again by public/theme-init.js before paint. */
export const THEME_STORAGE_KEY = 'threadcart-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

const prefersDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

/** The theme a choice comes to now. */
export function resolveTheme(choice: ThemeChoice): Theme {
  return choice === 'system' ? (prefersDark() ? 'dark' : 'light') : choice;
}

/** Sets `data-theme` on <html>, which the theme's tokens follow. */
export function applyTheme(choice: ThemeChoice = readThemeChoice()): void {
  document.documentElement.setAttribute('data-theme', resolveTheme(choice));
}

/** Saves the choice (system forgets it), applies it and tells every toggle. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage may be off (private mode): the choice still holds for this page.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

const currentTheme = (): Theme =>
  document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';

/** The theme in use, kept in step with the toggle and, while nothing is chosen, with the system's preference. */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    currentTheme,
    () => 'light' as Theme,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(DARK_QUERY);
    const handleChange = () => {
      if (readThemeChoice() !== 'system') return;
      applyTheme('system');
      for (const listener of listeners) listener();
    };
    list.addEventListener('change', handleChange);
    return () => list.removeEventListener('change', handleChange);
  }, []);
  const toggle = useCallback(() => setThemeChoice(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}
