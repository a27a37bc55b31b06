/**
 * The web client's message catalogs at build time (docs/architecture.md, "Languages"): the source is
 * ICU MessageFormat in JSON, one file per area of the client and language
 * (web/src/i18n/messages/<language>/<area>.json), and a language's files are merged and compiled by
 * Lingui's compiler into the form `@lingui/core` formats without a parser in the page. `pseudo` is
 * English with every letter replaced by an accented look-alike: a page shown in it has no plain
 * Latin letter left but those of strings that bypass the catalogs, which the browser test finds.
 *
 * Lingui's own Vite plugin is not used: its optional Babel peers clash with Jest's Babel, and the
 * client has no macros to transform (it names its messages by key); compiling JSON is all it needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

export const CATALOG_LANGUAGES = ['en', 'ru', 'lt', 'hy'] as const;
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];
/** The languages a page can load: the four, and the pseudo-language of the tests. */
export type LoadableLanguage = CatalogLanguage | 'pseudo';

export const MESSAGES_DIR = fileURLToPath(new URL('../src/i18n/messages', import.meta.url));

/** The areas' files of a language, each area's messages by key. */
export function readAreas(language: CatalogLanguage, dir = MESSAGES_DIR): Map<string, Record<string, string>> {
  const areas = new Map<string, Record<string, string>>();
  const folder = join(dir, language);
  for (const file of readdirSync(folder).sort()) {
    if (!file.endsWith('.json')) continue;
    const parsed: unknown = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error(`${language}/${file}: a catalog file is a JSON object of messages by key`);
    for (const [key, value] of Object.entries(parsed))
      if (typeof value !== 'string') throw new Error(`${language}/${file}: ${key} is not a string`);
    areas.set(file.slice(0, -'.json'.length), parsed as Record<string, string>);
  }
  return areas;
}

/** A language's messages by key, its areas merged (a key is in one area only). */
export function readCatalog(language: CatalogLanguage, dir = MESSAGES_DIR): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [area, messages] of readAreas(language, dir))
    for (const [key, message] of Object.entries(messages)) {
      if (key in merged) throw new Error(`${language}: ${key} is in two areas (the second is ${area})`);
      merged[key] = message;
    }
  return merged;
}

const PSEUDO_LETTERS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'àƀçđéƒĝĥíĵķĺɱñóƥʠŕšŧúʋŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŦÚṼŴẊÝŽ'][i],
  ]),
);

/** English made visibly "translated": letters accented, the placeholders and plural keys left alone. */
export function pseudoLocalize(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => PSEUDO_LETTERS[letter] ?? letter);
}

/** A language's catalog compiled for `@lingui/core` (a message that is not valid ICU fails the build). */
export function compileCatalog(language: LoadableLanguage, dir = MESSAGES_DIR): Record<string, CompiledMessage> {
  const source = readCatalog(language === 'pseudo' ? 'en' : language, dir);
  const mapText = language === 'pseudo' ? pseudoLocalize : undefined;
  const compiled: Record<string, CompiledMessage> = {};
  for (const [key, message] of Object.entries(source)) {
    try {
      compiled[key] = compileMessageOrThrow(message, mapText);
    } catch (error) {
      throw new Error(`${language}: ${key} is not valid ICU MessageFormat: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return compiled;
}
