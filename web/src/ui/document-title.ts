/**
 * The document's title: the page's own, after "(2) Your turn" while matches wait for the person
 * (docs/architecture.md, "The web client's session"), so that the tab says so when it is not in view.
 */
import { t } from '../i18n/index.js';

let page = '';
let waiting = '';

function apply(): void {
  const own = page === '' ? t('common.brand') : t('common.title.page', { page });
  document.title = waiting === '' ? own : t('common.title.waiting', { waiting, title: own });
}

/** The page's title (useTitle). */
export function setPageTitle(title: string): void {
  page = title;
  apply();
}

/** How many matches wait ("100+" beyond a page of them); "" when none does, or nobody is signed in. */
export function setWaitingInTitle(count: string): void {
  waiting = count;
  apply();
}
