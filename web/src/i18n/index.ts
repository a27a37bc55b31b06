/**
 * The face of the client's languages (docs/architecture.md, "Languages"): messages by key from one
 * loaded catalog, the language chosen and its switch's state, and the locale for dates and numbers.
 */
export { activateLanguage, activeLanguage, activeLocale, t } from './i18n.js';
export { chooseLanguage, followBrowserLanguage, initialLanguage, useLanguage } from './language-choice.js';
export { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language, type PageLanguage } from './languages.js';
export { Trans } from './trans.js';
