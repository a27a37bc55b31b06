/**
 * The message of a field error in each language the service speaks (docs/architecture.md,
 * "Languages"): by the rule the field broke (`min`, `length`, `isIn`…), or by field and rule where a
 * field's rule says more (`username:matches`), written in ICU MessageFormat with `{field}` and the
 * rule's figures (`{0}`, `{1}`: `@Length(8, 128)` gives 8 and 128) in fields.<language>.json. English
 * keeps the message the rule was raised with; a rule no catalog knows keeps it too.
 */
import { readFileSync } from 'node:fs';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '../languages.js';

export type FieldCatalog = Readonly<Record<string, string>>;

export function fieldCatalog(language: Language): FieldCatalog {
  return JSON.parse(readFileSync(new URL(`./fields.${language}.json`, import.meta.url), 'utf8')) as FieldCatalog;
}

const loaded = new Map<Language, { readonly catalog: FieldCatalog; readonly i18n: I18n }>();

function load(language: Language): { readonly catalog: FieldCatalog; readonly i18n: I18n } {
  let entry = loaded.get(language);
  if (entry === undefined) {
    const catalog = fieldCatalog(language);
    const i18n = setupI18n({ locale: language, messages: { [language]: { ...catalog } } });
    i18n.setMessagesCompiler(compileMessage);
    entry = { catalog, i18n };
    loaded.set(language, entry);
  }
  return entry;
}

/** Loads the field catalogs now (at boot), so that a broken one stops the service there. */
export function loadFieldWords(languages: readonly Language[]): void {
  for (const language of languages) load(language);
}

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
  const { catalog, i18n } = load(language);
  const key = [`${error.field}:${error.constraint}`, error.constraint].find((k) => catalog[k] !== undefined);
  if (key === undefined) return error.message;
  const values: Record<string, unknown> = { field: error.field === '' ? '—' : error.field };
  (error.values ?? []).forEach((value, i) => (values[String(i)] = shown(value)));
  return i18n._(key, values);
}
