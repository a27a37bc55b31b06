/**
 * Light or dark (docs/architecture.md, "Web client"): the system's setting by default, or what the
 * person chose on the account page, kept in this browser. The choice is the `data-theme` of the
 * document's root element, which styles.css reads; "system" leaves it out.
 */
import { useEffect, useState } from 'preact/hooks';

export type Theme = 'system' | 'light' | 'dark';

const KEY = 'nardy.theme';
const listeners = new Set<() => void>();

export function storedTheme(): Theme {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Puts `theme` on the document (at start, and whenever it changes). */
export function applyTheme(theme: Theme = storedTheme()): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export function chooseTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme);
  } catch {
    // Storage refused: the choice lasts as long as the page.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  const [theme, setTheme] = useState(storedTheme);
  useEffect(() => {
    const listener = (): void => setTheme(storedTheme());
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return theme;
}
