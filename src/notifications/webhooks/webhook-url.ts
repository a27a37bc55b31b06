import { refusalOfAddress } from '../core/target-address.js';

/** The longest webhook URL taken (a common limit of browsers and proxies). */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** Why a URL is refused as a webhook: its form, or the address it names. */
export type WebhookUrlRefusal =
  { readonly reason: 'form'; readonly message: string } | { readonly reason: 'address'; readonly message: string };

/**
 * Whether `text` may be registered as a webhook (docs/webhooks.md, "Addresses"): an absolute
 * http(s) URL without user name or password, at most WEBHOOK_URL_MAX_LENGTH long. When its host
 * is an IP address, it must be a public one (unless `allowPrivate`; metadata services never), an
 * IPv6 address carrying an IPv4 one judged as that (refusalOfAddress, as at each connection).
 * A host name is checked where it matters, at each delivery, after DNS resolution
 * (OutboundAgents): what it resolves to now says nothing of later.
 */
export function refusalOfWebhookUrl(text: string, allowPrivate: boolean): WebhookUrlRefusal | null {
  if (text.length > WEBHOOK_URL_MAX_LENGTH) {
    return { reason: 'form', message: `The URL is over ${WEBHOOK_URL_MAX_LENGTH} characters.` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { reason: 'form', message: 'The URL is not an absolute URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { reason: 'form', message: 'The URL must be http:// or https://.' };
  }
  if (url.username !== '' || url.password !== '') {
    return { reason: 'form', message: 'The URL may not carry a user name or password; check the signature instead.' };
  }
  if (url.hostname === '') return { reason: 'form', message: 'The URL has no host.' };
  // The URL parser has already written any IPv4 form (0x7f.1, 2130706433) as dotted decimal, and
  // an IPv6 one compressed.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const refusal = refusalOfAddress(host, allowPrivate);
  if (refusal === null) return null;
  const carried = refusal.judged === host ? '' : `, carrying ${refusal.judged},`;
  if (refusal.reason === 'never') {
    return { reason: 'address', message: `${host}${carried} is not an address webhooks may be sent to.` };
  }
  return {
    reason: 'address',
    message: `${host}${carried} is a ${refusal.range} address; webhooks go to public addresses only.`,
  };
}
