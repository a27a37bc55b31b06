/**
 * The words of a problem document in each language the service speaks (docs/architecture.md,
 * "Languages"). For each code, a title (`<code>.title`) and a detail (`<code>.detail`) in ICU
 * MessageFormat (problems.<language>.ts here), formatted with the figures the problem carries (its
 * members: `limit`, `currentVersion`, `houseBot`…, and for a validation failure `count` and
 * `fields`).
 *
 * English keeps the detail the error was raised with, which names the very match, field or rule at
 * fault; in the other languages the detail explains the code with those figures, since the
 * occurrence's own wording is written once, in English, where it is raised. The `code` stays the key
 * clients switch on.
 */
import { type Language } from '../languages.js';
import { MessageCatalog } from '../message-catalog.js';
import { FIELD_WORDS } from './field-words.js';
import { MESSAGES as EN } from './problems.en.js';
import { MESSAGES as HY } from './problems.hy.js';
import { MESSAGES as LT } from './problems.lt.js';
import { MESSAGES as RU } from './problems.ru.js';

export const PROBLEM_WORDS = new MessageCatalog({ en: EN, ru: RU, lt: LT, hy: HY });

/** Loads every catalog now, so that a broken one stops the service at boot, not at its first error. */
export function loadProblemTexts(): void {
  PROBLEM_WORDS.load();
  FIELD_WORDS.load();
}

/** A code's title in words when no catalog has it ("username-taken" → "Username taken"). */
function titleFromCode(code: string): string {
  const words = code.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The English title of a code. */
export function problemTitle(code: string): string {
  return PROBLEM_WORDS.has('en', `${code}.title`) ? PROBLEM_WORDS.format('en', `${code}.title`) : titleFromCode(code);
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
  if (language !== 'en' && PROBLEM_WORDS.has(language, `${code}.title`))
    return {
      title: PROBLEM_WORDS.format(language, `${code}.title`, values),
      detail: PROBLEM_WORDS.format(language, `${code}.detail`, values),
      language,
    };
  return { title: problemTitle(code), detail: englishDetail, language: 'en' };
}
