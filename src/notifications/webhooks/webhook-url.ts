import ipaddr from 'ipaddr.js';

/** The longest webhook URL taken (a common limit of browsers and proxies). */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * Cloud metadata services, refused even when private addresses are allowed: a webhook there
 * could read the host's credentials (docs/webhooks.md, "Addresses").
 */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254']);

/** Why a URL is refused as a webhook: its form, or the address it names. */
export type WebhookUrlRefusal =
  { readonly reason: 'form'; readonly message: string } | { readonly reason: 'address'; readonly message: string };

/**
 * Whether `text` may be registered as a webhook (docs/webhooks.md, "Addresses"): an absolute
 * http(s) URL without user name or password, at most WEBHOOK_URL_MAX_LENGTH long. When its host
 * is an IP address, it must be a public one (unless `allowPrivate`; metadata services never).
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
  // The URL parser has already written any IPv4 form (0x7f.1, 2130706433) as dotted decimal.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (!ipaddr.isValid(host)) return null;
  const address = ipaddr.process(host); // an IPv4-mapped IPv6 address as the IPv4 one it is
  const range = address.range();
  if (METADATA_ADDRESSES.has(address.toString()) || range === 'unspecified') {
    return { reason: 'address', message: `${host} is not an address webhooks may be sent to.` };
  }
  if (range !== 'unicast' && !allowPrivate) {
    return { reason: 'address', message: `${host} is a ${range} address; webhooks go to public addresses only.` };
  }
  return null;
}
