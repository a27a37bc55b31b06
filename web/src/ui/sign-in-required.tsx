import { Trans } from '../i18n/index.js';
import { signInPath } from '../next-path.js';
import { Link } from './link.js';

/**
 * In place of a page that needs a signed-in person: a link to sign in that comes back here.
 * `toDo` is what signing in lets the person do, the words that end "Sign in to …" in the active
 * language (an infinitive phrase: "manage your account", «управлять учётной записью»).
 */
export function SignInRequired({ toDo }: { readonly toDo: string }) {
  // The fragment too: a mail's link carries its token there (link-token.ts).
  const here = location.pathname + location.search + location.hash;
  return (
    <p>
      <Trans
        id="ui.signInRequired.text"
        values={{ toDo }}
        components={[<Link href={signInPath(here)} />, <Link href="/signup" />]}
      />
    </p>
  );
}
