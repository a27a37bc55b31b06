/**
 * The languages the service speaks: English, and the languages of the rule texts the games come
 * from, Russian, Lithuanian and Armenian (docs/glossary.md gives the game's words in each).
 */
export const LANGUAGES = ['en', 'ru', 'lt', 'hy'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
