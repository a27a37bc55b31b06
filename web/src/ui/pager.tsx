import type { PagedList } from './use-paged-list.js';
import './common.css';

/** "Show more" under a paged list, while the server has more; the list grows in place. */
export function Pager<T>({ list, what }: { readonly list: PagedList<T>; readonly what: string }) {
  if (list.next === null || list.items === null) return null;
  return (
    <p class="pager">
      <button type="button" class="secondary" onClick={list.more} disabled={list.loading}>
        {list.loading ? 'Loading…' : `Show more ${what}`}
      </button>
    </p>
  );
}
