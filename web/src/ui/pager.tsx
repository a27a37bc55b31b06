import { t } from '../i18n/index.js';
import type { MessageKey } from '../i18n/message-ids.js';
import type { PagedList } from './use-paged-list.js';
import './common.css';

/** What a pager's button offers more of. */
export type PagerItems = 'matches' | 'players' | 'tournaments';

const SHOW_MORE: Readonly<Record<PagerItems, MessageKey>> = {
  matches: 'ui.pager.moreMatches',
  players: 'ui.pager.morePlayers',
  tournaments: 'ui.pager.moreTournaments',
};

/** "Show more matches" under a paged list, while the server has more; the list grows in place. */
export function Pager<T>({ list, what }: { readonly list: PagedList<T>; readonly what: PagerItems }) {
  if (list.next === null || list.items === null) return null;
  return (
    <p class="pager">
      <button type="button" class="secondary" onClick={list.more} disabled={list.loading}>
        {list.loading ? t('ui.loading') : t(SHOW_MORE[what])}
      </button>
    </p>
  );
}
