import type { Notification } from '../core/notification.js';
import { notificationText } from '../core/notification-words/notification-words.js';

/** What a mail says, as plain text and as HTML (every mail has both parts). */
export interface MailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** One notification gathered in a digest mail. */
export interface DigestEntry {
  readonly title: string;
  readonly body: string;
  readonly path: string;
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to put in HTML, in an element or a quoted attribute: usernames and titles come from players. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** A subject is one line: a line break in it would start a header of its own. */
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();

/**
 * The mail of a notification: its title as the subject, its body as the first paragraph, a link
 * to `link` (the page it is about, or the verification or reset page), the short code an account
 * mail carries (an address's verification), the entries of a digest, and a last line on how to
 * change what mail comes.
 */
export function mailContent(
  notification: Notification,
  link: string,
  entries: readonly DigestEntry[] = [],
): MailContent {
  const code = typeof notification.data.code === 'string' ? notification.data.code : null;
  const language = notification.language ?? null;
  const footer = notificationText(
    language,
    notification.kind === 'account' ? 'mail.footer.account' : 'mail.footer.match',
  );
  // The code's sentence with a mark where the code goes: the text part puts the code there, the HTML
  // part the code in bold, the sentence around it escaped.
  const CODE = '\u0000';
  const codeLine = code === null ? '' : notificationText(language, 'mail.code', { code: CODE });
  const text = [
    notification.body,
    ...entries.map((entry) => `* ${entry.title}\n  ${entry.body}\n  ${entry.path}`),
    link,
    ...(code === null ? [] : [codeLine.replace(CODE, code)]),
    '-- ',
    footer,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(notification.body)}</p>`,
    entries.length === 0
      ? ''
      : `<ul>${entries
          .map((e) => `<li><a href="${escapeHtml(e.path)}">${escapeHtml(e.title)}</a><br>${escapeHtml(e.body)}</li>`)
          .join('')}</ul>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    code === null
      ? ''
      : `<p>${codeLine
          .split(CODE)
          .map(escapeHtml)
          .join(`<strong>${escapeHtml(code)}</strong>`)}</p>`,
    `<hr><p><small>${escapeHtml(footer)}</small></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: oneLine(notification.title), text, html };
}
