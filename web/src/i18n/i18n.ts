/**
 * The client's messages (docs/architecture.md, "Languages"): Lingui's core formats ICU MessageFormat
 * (plurals by each language's rules, numbers, selects) from the one catalog the page has loaded,
 * compiled at build time (web/build/catalogs.ts). Pages ask by key: `t('lobby.title')`,
 * `t('games.count', { count })`. A key the catalog lacks is shown as the key and reported on the
 * console, where the browser tests fail on it.
 */
import { setupI18n, type MessageId, type Values } from '@lingui/core';
import { loadCatalog } from './catalog-loaders.js';
import { documentLanguageOf, localeOf, type PageLanguage } from './languages.js';

const i18n = setupI18n({
  missing: (language, id) => {
    console.error(`Missing message "${id}" in the ${language} catalog`);
    return id;
  },
});

let active: PageLanguage | null = null;

/** Loads a language's catalog (once) and makes it the one messages come from. */
export async function activateLanguage(language: PageLanguage): Promise<void> {
  if (active === language) return;
  const messages = await loadCatalog(language);
  i18n.loadAndActivate({ locale: language, locales: [documentLanguageOf(language)], messages });
  active = language;
  document.documentElement.lang = documentLanguageOf(language);
}

/** Activates a catalog already at hand (the unit tests' set-up). */
export function activateCatalog(language: PageLanguage, messages: Parameters<typeof i18n.load>[1]): void {
  i18n.loadAndActivate({ locale: language, locales: [documentLanguageOf(language)], messages });
  active = language;
}

/** The language the messages are in (English before any is loaded). */
export function activeLanguage(): PageLanguage {
  return active ?? 'en';
}

/** The BCP 47 tag for dates and numbers in the active language. */
export function activeLocale(): string {
  return localeOf(activeLanguage());
}

/** A message of the active catalog, its ICU arguments filled in from `values`. */
export function t(id: MessageId, values?: Values): string {
  return i18n._(id, values);
}
