/**
 * The header's count of the matches waiting for the person, linked to the lobby's "My turn" list,
 * and the same count at the head of the document's title ("(1) Your turn · …"); nothing of either
 * while none waits.
 */
import { useEffect } from 'preact/hooks';
import { activeLocale, t, Trans } from '../i18n/index.js';
import { setWaitingInTitle } from '../ui/document-title.js';
import { Link } from '../ui/link.js';
import { useWaitingCount, type WaitingCount } from './use-waiting-count.js';
import './your-turn-link.css';

/** "3", "100+" (more than a page of them), in the locale's digits; "" when none waits or while unknown. */
function countText(waiting: WaitingCount | null): string {
  if (waiting === null || waiting.count === 0) return '';
  const count = new Intl.NumberFormat(activeLocale()).format(waiting.count);
  return waiting.more ? `${count}+` : count;
}

export function YourTurnLink({ player }: { readonly player: string }) {
  const waiting = useWaitingCount(player);
  const count = countText(waiting);
  useEffect(() => {
    setWaitingInTitle(count);
    return () => setWaitingInTitle('');
  }, [count]);
  if (waiting === null || count === '') return null;
  const label = t(waiting.more ? 'waiting.yourTurn.labelMore' : 'waiting.yourTurn.label', { count: waiting.count });
  return (
    <Link href="/lobby#my-turn" class="your-turn" aria-label={label}>
      <Trans id="waiting.yourTurn.link" values={{ count }} components={[<span class="your-turn-count" />]} />
    </Link>
  );
}
