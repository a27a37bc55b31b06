import { useEffect } from 'preact/hooks';

/** Sets the document's title (what a screen reader announces, and the tab shows) for a page. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Nardy`;
  }, [title]);
}
