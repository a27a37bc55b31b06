/** The shell of every page: the header with its links, and the page the path names. */
import { ROUTES } from './routes.js';
import { matchPath, useLocation } from './router.js';
import { useSession } from './session.js';
import { Link } from './ui/link.js';
import { useTitle } from './ui/use-title.js';
import { YourTurnLink } from './waiting/your-turn-link.js';

function NotFound() {
  useTitle('Not found');
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        There is no page here. <Link href="/">Go to the start page</Link>.
      </p>
    </section>
  );
}

export function App() {
  const { path } = useLocation();
  const session = useSession();
  let page = <NotFound />;
  for (const route of ROUTES) {
    const params = matchPath(route.pattern, path);
    if (params !== null) {
      const Page = route.page;
      page = <Page key={path} params={params} />;
      break;
    }
  }
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <nav aria-label="Site">
          <Link href="/" class="brand">
            Nardy
          </Link>
          {session !== null && <Link href="/lobby">Lobby</Link>}
          {session !== null && <YourTurnLink player={session.username} />}
          <Link href="/leaderboard">Leaderboard</Link>
          {session !== null ? (
            <Link href="/account">{session.username}</Link>
          ) : (
            <>
              <Link href="/signin">Sign in</Link>
              <Link href="/signup">Sign up</Link>
            </>
          )}
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {page}
      </main>
    </>
  );
}
