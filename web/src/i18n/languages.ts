/**
 * The languages the client speaks (docs/architecture.md, "Languages"): those the API keeps on an
 * account, each named in its own words, and `pseudo`, English with accented letters, which only the
 * tests choose (it shows a string that bypasses the catalogs as plain Latin letters).
 */
import type { components } from '../../../contract/index.js';

export type Language = NonNullable<components['schemas']['MeDto']['language']>;
export type PageLanguage = Language | 'pseudo';

export const LANGUAGES: readonly Language[] = ['en', 'ru', 'lt', 'hy'];

/** A language's name in that language, for the switch (not translated, and marked so). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  ru: 'Русский',
  lt: 'Lietuvių',
  hy: 'Հայերեն',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isPageLanguage(value: unknown): value is PageLanguage {
  return value === 'pseudo' || isLanguage(value);
}

/** The first of the reader's languages (`navigator.languages`, "ru-RU" counts as "ru") the client speaks; else English. */
export function preferredLanguage(readerLanguages: readonly string[]): Language {
  for (const tag of readerLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The page's `lang`: the pseudo-language is English underneath. */
export function documentLanguageOf(language: PageLanguage): string {
  return language === 'pseudo' ? 'en' : language;
}

/**
 * The BCP 47 tag dates, numbers and relative times are formatted in. The pseudo-language formats as
 * Russian does, in Cyrillic: what `Intl` writes is then not mistaken for an English string that
 * bypassed the catalogs.
 */
export function localeOf(language: PageLanguage): string {
  return language === 'pseudo' ? 'ru' : language;
}
