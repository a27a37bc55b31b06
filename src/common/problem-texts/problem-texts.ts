/**
 * The words of a problem document in each language the service speaks (docs/architecture.md,
 * "Languages"). For each code, a title and a detail in ICU MessageFormat (<language>.json here),
 * formatted by Lingui's core with the figures the problem carries (its members: `limit`,
 * `currentVersion`, `houseBot`…, and for a validation failure `count` and `fields`).
 *
 * English keeps the detail the error was raised with, which names the very match, field or rule at
 * fault; in the other languages the detail explains the code with those figures, since the
 * occurrence's own wording is written once, in English, where it is raised. The `code` stays the key
 * clients switch on.
 */
import { readFileSync } from 'node:fs';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from '../languages.js';
import { loadFieldWords } from './field-words.js';

interface ProblemWords {
  readonly title: string;
  readonly detail: string;
}

export type ProblemCatalog = Readonly<Record<string, ProblemWords>>;

/** The catalog of a language, as written (read once, when first needed). */
export function problemCatalog(language: Language): ProblemCatalog {
  return JSON.parse(readFileSync(new URL(`./${language}.json`, import.meta.url), 'utf8')) as ProblemCatalog;
}

interface LoadedLanguage {
  readonly catalog: ProblemCatalog;
  readonly i18n: I18n;
}

const loaded = new Map<Language, LoadedLanguage>();

function load(language: Language): LoadedLanguage {
  let entry = loaded.get(language);
  if (entry === undefined) {
    const catalog = problemCatalog(language);
    const messages: Record<string, string> = {};
    for (const [code, words] of Object.entries(catalog)) {
      messages[`${code}.title`] = words.title;
      messages[`${code}.detail`] = words.detail;
    }
    const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    i18n.setMessagesCompiler(compileMessage);
    entry = { catalog, i18n };
    loaded.set(language, entry);
  }
  return entry;
}

/** Loads every catalog now, so that a broken one stops the service at boot, not at its first error. */
export function loadProblemTexts(): void {
  for (const language of LANGUAGES) load(language);
  loadFieldWords(LANGUAGES);
}

/** A code's title in words when no catalog has it ("username-taken" → "Username taken"). */
function titleFromCode(code: string): string {
  const words = code.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The English title of a code. */
export function problemTitle(code: string): string {
  return load('en').catalog[code]?.title ?? titleFromCode(code);
}

/**
 * A problem's title and detail in `language`, and the language they are in: English (with the
 * detail it was raised with) when the language is English or its catalog lacks the code.
 */
export function problemWords(
  code: string,
  englishDetail: string,
  language: Language,
  values: Readonly<Record<string, unknown>>,
): { readonly title: string; readonly detail: string; readonly language: Language } {
  if (language !== 'en') {
    const { catalog, i18n } = load(language);
    if (catalog[code] !== undefined)
      return {
        title: i18n._(`${code}.title`, values),
        detail: i18n._(`${code}.detail`, values),
        language,
      };
  }
  return { title: problemTitle(code), detail: englishDetail, language: 'en' };
}
