import { useEffect } from 'preact/hooks';
import { navigate } from '../router.js';
import { useSession } from '../session.js';
import { Link } from '../ui/link.js';
import { useTitle } from '../ui/use-title.js';
import '../ui/common.css';

/** The start page: a welcome for a visitor; a signed-in person goes straight to the lobby. */
export function HomePage(_: { readonly params: Record<string, string> }) {
  useTitle('Welcome');
  const session = useSession();
  useEffect(() => {
    if (session !== null) navigate('/lobby', { replace: true });
  }, [session]);
  if (session !== null) return null;
  return (
    <section class="welcome">
      <h1>Backgammon and long nardy</h1>
      <p>
        Play backgammon and long nardy against people or the house bots, one move a day or in one sitting, with provably
        fair dice and ratings for every match.
      </p>
      <p class="button-row">
        <Link href="/signin" class="button">
          Sign in
        </Link>
        <Link href="/signup" class="button secondary">
          Sign up
        </Link>
      </p>
      <p>
        Or see who plays best: <Link href="/leaderboard">the leaderboard</Link>.
      </p>
    </section>
  );
}
