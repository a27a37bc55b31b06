import { useEffect, useState } from 'preact/hooks';

/**
 * The token of a mail's link (docs/email.md, "The web client's pages"). The mails put it in the
 * URL's fragment, `/reset-password#token=…`: a browser sends no fragment to the server (so no log
 * holds it) and none in a `Referer`. Links of older mails put it in the query, `?token=…`: it is
 * still taken, and moved at once from the query to the fragment of the address bar (the history
 * entry is replaced), so that a reload, a bookmark or a link followed from the page no longer
 * sends it anywhere.
 */
export function linkToken(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('token') ?? new URLSearchParams(location.search).get('token');
}

/** Moves a `token` of the query into the fragment, replacing the current history entry; nothing when there is none. */
export function moveQueryTokenToFragment(): void {
  const query = new URLSearchParams(location.search);
  const token = query.get('token');
  if (token === null) return;
  query.delete('token');
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (!fragment.has('token')) fragment.set('token', token);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  history.replaceState(history.state, '', `${location.pathname}${search}#${fragment.toString()}`);
}

/** The page's link token, read once when the page opens; a token of the query is moved out of it at once. */
export function useLinkToken(): string | null {
  const [token] = useState(linkToken);
  useEffect(moveQueryTokenToFragment, []);
  return token;
}
