/**
 * The words of the notifications (docs/notifications.md, "Languages"): the push title and body, the
 * mail's subject, first paragraph and footer, in the language kept on the account it goes to
 * (`PATCH /api/users/me` `language`; English until one is chosen). ICU MessageFormat in
 * <language>.json beside this file.
 */
import { type Language } from '../../../common/languages.js';
import { MessageCatalog } from '../../../common/message-catalog.js';

export const NOTIFICATION_WORDS = new MessageCatalog((language) => new URL(`./${language}.json`, import.meta.url));

/** A notification's words in `language` (an account that chose none reads English). */
export function notificationText(
  language: Language | null,
  key: string,
  values: Readonly<Record<string, unknown>> = {},
): string {
  return NOTIFICATION_WORDS.format(language ?? 'en', key, values);
}
