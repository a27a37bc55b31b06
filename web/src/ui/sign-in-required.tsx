import { signInPath } from '../next-path.js';
import { Link } from './link.js';

/** In place of a page that needs a signed-in person: a link to sign in that comes back here. */
export function SignInRequired({ toDo }: { readonly toDo: string }) {
  const here = location.pathname + location.search;
  return (
    <p>
      <Link href={signInPath(here)}>Sign in</Link> to {toDo}. No account yet? <Link href="/signup">Sign up</Link>.
    </p>
  );
}
