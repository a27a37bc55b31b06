/**
 * Which language the pages are in (docs/architecture.md, "Languages"): the last one chosen on this
 * device (the switch, or the account's, kept in localStorage `nardy.language`), else the first of the
 * browser's languages the client speaks, else English. Pages re-render when it changes.
 */
import { useEffect, useState } from 'preact/hooks';
import { activateLanguage, activeLanguage } from './i18n.js';
import { isPageLanguage, preferredLanguage, type PageLanguage } from './languages.js';

const KEY = 'nardy.language';
const listeners = new Set<() => void>();

function storedLanguage(): PageLanguage | null {
  try {
    const value = localStorage.getItem(KEY);
    return isPageLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language a page opens in. */
export function initialLanguage(): PageLanguage {
  return storedLanguage() ?? preferredLanguage(navigator.languages);
}

/** Shows the pages in `language`, and remembers it on this device. */
export async function chooseLanguage(language: PageLanguage): Promise<void> {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // Private modes may refuse storage: the choice holds until the page is left.
  }
  if (language === activeLanguage()) return;
  await activateLanguage(language);
  for (const listener of listeners) listener();
}

/** Forgets the device's choice: the browser's languages decide again. */
export async function followBrowserLanguage(): Promise<void> {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
  await activateLanguage(preferredLanguage(navigator.languages));
  for (const listener of listeners) listener();
}

/** The active language; the component re-renders when another is chosen. */
export function useLanguage(): PageLanguage {
  const [language, set] = useState(activeLanguage());
  useEffect(() => {
    const listener = (): void => set(activeLanguage());
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return language;
}
