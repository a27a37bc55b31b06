/**
 * The message of a field error in each language the service speaks (docs/architecture.md,
 * "Languages"): by the rule the field broke (`min`, `isLength`, `isIn`…), or by field and rule where
 * a field's rule says more (`username:matches`), written in ICU MessageFormat with `{field}` and the
 * rule's figures (`{0}`, `{1}`: `@Length(8, 128)` gives 8 and 128) in fields.<language>.ts. English
 * keeps the message the rule was raised with; a rule no catalog knows keeps it too.
 */
import type { Language } from '../languages.js';
import { MessageCatalog } from '../message-catalog.js';
import { MESSAGES as EN } from './fields.en.js';
import { MESSAGES as HY } from './fields.hy.js';
import { MESSAGES as LT } from './fields.lt.js';
import { MESSAGES as RU } from './fields.ru.js';

export const FIELD_WORDS = new MessageCatalog({ en: EN, ru: RU, lt: LT, hy: HY });

/** A rule's figure as a message shows it: a list of allowed values as "a, b, c". */
function shown(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}

/** The field error's message in `language`; the raised one in English or for a rule the catalog lacks. */
export function fieldMessage(
  language: Language,
  error: {
    readonly field: string;
    readonly constraint: string;
    readonly message: string;
    readonly values?: readonly unknown[];
  },
): string {
  if (language === 'en') return error.message;
  const key = [`${error.field}:${error.constraint}`, error.constraint].find((k) => FIELD_WORDS.has(language, k));
  if (key === undefined) return error.message;
  const values: Record<string, unknown> = { field: error.field === '' ? '—' : error.field };
  (error.values ?? []).forEach((value, i) => (values[String(i)] = shown(value)));
  return FIELD_WORDS.format(language, key, values);
}
