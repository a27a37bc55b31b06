import { useEffect } from 'preact/hooks';
import { setPageTitle } from './document-title.js';

/** Sets the document's title (what a screen reader announces, and the tab shows) for a page. */
export function useTitle(title: string): void {
  useEffect(() => setPageTitle(title), [title]);
}
