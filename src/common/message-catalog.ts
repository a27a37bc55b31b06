/**
 * Messages in the languages the service speaks (docs/architecture.md, "Languages"): a catalog is an
 * object of ICU MessageFormat messages by key, one module per language (a module, not a JSON file, so
 * that every build of the service carries it), formatted by Lingui's core (plurals by each
 * language's CLDR rules). The problems' words, the field errors' words and the notifications' words
 * are each one. Each language's messages are compiled once, when first needed, or at boot by `load`,
 * so that a broken one stops the service there.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from './languages.js';

export type CatalogMessages = Readonly<Record<string, string>>;

export class MessageCatalog {
  private readonly loaded = new Map<Language, { readonly messages: CatalogMessages; readonly i18n: I18n }>();

  constructor(private readonly byLanguage: Readonly<Record<Language, CatalogMessages>>) {}

  /** A language's messages as written. */
  messages(language: Language): CatalogMessages {
    return this.entry(language).messages;
  }

  /** Reads and compiles every language now. */
  load(): void {
    for (const language of LANGUAGES) this.entry(language);
  }

  has(language: Language, key: string): boolean {
    return this.entry(language).messages[key] !== undefined;
  }

  /** The message `key` of `language` with `values` filled in (the key itself, if the catalog lacks it). */
  format(language: Language, key: string, values: Readonly<Record<string, unknown>> = {}): string {
    return this.entry(language).i18n._(key, { ...values });
  }

  private entry(language: Language): { readonly messages: CatalogMessages; readonly i18n: I18n } {
    let entry = this.loaded.get(language);
    if (entry === undefined) {
      const messages = this.byLanguage[language];
      const i18n = setupI18n({ locale: language, messages: { [language]: { ...messages } } });
      i18n.setMessagesCompiler(compileMessage);
      entry = { messages, i18n };
      this.loaded.set(language, entry);
    }
    return entry;
  }
}
