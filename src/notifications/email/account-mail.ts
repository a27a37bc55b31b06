import { randomUUID } from 'node:crypto';
import type { Language } from '../../common/languages.js';
import { ACCOUNT_KIND, type Notification } from '../core/notification.js';
import { accountMailWords } from './account-mail-words/account-mail-words.js';

/** What an account mail is: its template (its words' keys), the values they take, where its link goes. */
export interface AccountMailTerms {
  /** The words' keys: `<template>.title` and `<template>.body` in account-mail-words/ (docs/email.md, "Languages"). */
  readonly template: string;
  /** The account's language (`User.language`); English when null. */
  readonly language: Language | null;
  /** The values its words take (a webhook's name, say). */
  readonly values?: Readonly<Record<string, unknown>>;
  /** The page its link opens. */
  readonly path: string;
  /** Set when it goes to an address other than the verified one. */
  readonly to?: string;
  /** A short code it carries (an address's verification). */
  readonly code?: string;
  /** More of what the template's channel reads (a disabled webhook's id, say). */
  readonly data?: Readonly<Record<string, unknown>>;
}

/**
 * A mail about the account itself (the `account` kind): e-mail only, sent at once whatever the
 * preferences, written in the account's language (docs/email.md, "Languages").
 */
export function accountMail(userId: string, now: Date, mail: AccountMailTerms): Notification {
  const { template, language, values, path, to, code, data } = mail;
  const { title, body } = accountMailWords(template, language, values);
  return {
    id: randomUUID(),
    kind: ACCOUNT_KIND,
    userId,
    createdAt: now.toISOString(),
    matchId: null,
    title,
    body,
    path,
    ...(language === null ? {} : { language }),
    data: { template, ...data, ...(to === undefined ? {} : { to }), ...(code === undefined ? {} : { code }) },
  };
}
