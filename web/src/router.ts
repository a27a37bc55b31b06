/**
 * The page router: the path names a page (routes.ts), links change it with the History API, and the
 * browser's back and forward buttons work. The server answers every page path with the same
 * index.html (src/web-client/), so any page can be opened directly.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

export { matchPath } from './path-match.js';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

window.addEventListener('popstate', notify);

/** Goes to `path` (with its query), adding it to the history, or replacing the current entry. */
export function navigate(path: string, options: { readonly replace?: boolean } = {}): void {
  if (options.replace === true) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.scrollTo(0, 0);
  notify();
  // A new page: the focus goes to its content, where a keyboard or screen-reader user reads on.
  window.setTimeout(() => document.getElementById('main')?.focus({ preventScroll: true }), 0);
}

export interface Location {
  readonly path: string;
  readonly query: URLSearchParams;
}

export function useLocation(): Location {
  const [, setTick] = useState(0);
  const rendered = useRef('');
  rendered.current = location.pathname + location.search;
  useEffect(() => {
    const listener = (): void => setTick((n) => n + 1);
    listeners.add(listener);
    // A child's effect runs before its parent's: a page that navigated at once (the start page, signed
    // in, goes to the lobby) did so before this listener was there; the path has moved since the render.
    if (location.pathname + location.search !== rendered.current) listener();
    return () => void listeners.delete(listener);
  }, []);
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}
