/**
 * The header's count of the matches waiting for the person, linked to the lobby's "My turn" list,
 * and the same count at the head of the document's title ("(1) Your turn · …"); nothing of either
 * while none waits.
 */
import { useEffect } from 'preact/hooks';
import { setWaitingInTitle } from '../ui/document-title.js';
import { Link } from '../ui/link.js';
import { useWaitingCount } from './use-waiting-count.js';
import './your-turn-link.css';

export function YourTurnLink({ player }: { readonly player: string }) {
  const count = useWaitingCount(player);
  useEffect(() => {
    setWaitingInTitle(count ?? '');
    return () => setWaitingInTitle('');
  }, [count]);
  if (count === null || count === '') return null;
  const label = `Your turn: ${count === '1' ? '1 match waits' : `${count} matches wait`} for you`;
  return (
    <Link href="/lobby#my-turn" class="your-turn" aria-label={label}>
      Your turn <span class="your-turn-count">{count}</span>
    </Link>
  );
}
