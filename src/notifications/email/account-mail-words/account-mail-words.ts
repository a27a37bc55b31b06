/**
 * The words of the mails about the account itself (docs/email.md, "Languages"): verification,
 * password reset, a changed address or password, a disabled webhook, and any account mail added
 * later. Each template has `<template>.title` (the subject) and `<template>.body` (the first
 * paragraph), in account-mail.<language>.ts beside this file; the account's language chooses
 * (`PATCH /api/users/me` `language`; English until one is chosen).
 */
import { type Language } from '../../../common/languages.js';
import { MessageCatalog } from '../../../common/message-catalog.js';
import { MESSAGES as EN } from './account-mail.en.js';
import { MESSAGES as HY } from './account-mail.hy.js';
import { MESSAGES as LT } from './account-mail.lt.js';
import { MESSAGES as RU } from './account-mail.ru.js';

export const ACCOUNT_MAIL_WORDS = new MessageCatalog({ en: EN, ru: RU, lt: LT, hy: HY });

/** An account mail's subject and first paragraph, `template`'s words in `language` (English when null). */
export function accountMailWords(
  template: string,
  language: Language | null,
  values: Readonly<Record<string, unknown>> = {},
): { readonly title: string; readonly body: string } {
  const lang = language ?? 'en';
  return {
    title: ACCOUNT_MAIL_WORDS.format(lang, `${template}.title`, values),
    body: ACCOUNT_MAIL_WORDS.format(lang, `${template}.body`, values),
  };
}
