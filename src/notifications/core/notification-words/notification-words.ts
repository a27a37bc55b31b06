/**
 * The words of the notifications (docs/notifications.md, "Languages"): the push title and body, the
 * mail's subject, first paragraph and footer, in the language kept on the account it goes to
 * (`PATCH /api/users/me` `language`; English until one is chosen). ICU MessageFormat in
 * notifications.<language>.ts beside this file.
 */
import { type Language } from '../../../common/languages.js';
import { MessageCatalog } from '../../../common/message-catalog.js';
import { MESSAGES as EN } from './notifications.en.js';
import { MESSAGES as HY } from './notifications.hy.js';
import { MESSAGES as LT } from './notifications.lt.js';
import { MESSAGES as RU } from './notifications.ru.js';

export const NOTIFICATION_WORDS = new MessageCatalog({ en: EN, ru: RU, lt: LT, hy: HY });

/** A notification's words in `language` (an account that chose none reads English). */
export function notificationText(
  language: Language | null,
  key: string,
  values: Readonly<Record<string, unknown>> = {},
): string {
  return NOTIFICATION_WORDS.format(language ?? 'en', key, values);
}
