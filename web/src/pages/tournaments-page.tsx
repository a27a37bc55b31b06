/**
 * The tournaments: those taking entries (with an Enter button for a signed-in person), those under
 * way, and those finished, each a page at a time; and the way to create one.
 */
import { t } from '../i18n/index.js';
import { useSession } from '../session.js';
import { Link } from '../ui/link.js';
import { useTitle } from '../ui/use-title.js';
import type { MessageKey } from '../i18n/message-ids.js';
import { TournamentList } from './tournaments/tournament-list.js';
import type { TournamentColumn } from './tournaments/tournament-table.js';
import '../ui/common.css';
import './tournaments/tournaments.css';

/** The lists of the page: each status's heading, columns and what it says when empty. */
const SECTIONS: readonly {
  readonly status: 'open' | 'running' | 'finished';
  readonly heading: MessageKey;
  readonly columns: readonly TournamentColumn[];
  readonly empty: MessageKey;
}[] = [
  {
    status: 'open',
    heading: 'tournaments.list.open',
    columns: ['kind', 'players', 'starts'],
    empty: 'tournaments.list.openEmpty',
  },
  {
    status: 'running',
    heading: 'tournaments.list.running',
    columns: ['kind', 'players', 'progress'],
    empty: 'tournaments.list.runningEmpty',
  },
  {
    status: 'finished',
    heading: 'tournaments.list.finished',
    columns: ['kind', 'players', 'champion'],
    empty: 'tournaments.list.finishedEmpty',
  },
];

export function TournamentsPage(_: { readonly params: Record<string, string> }) {
  useTitle(t('tournaments.list.title'));
  const session = useSession();
  const viewer = session?.username ?? null;
  return (
    <>
      <div class="tournaments-head">
        <h1>{t('tournaments.list.heading')}</h1>
        {session !== null && (
          <Link href="/tournaments/new" class="button">
            {t('tournaments.list.create')}
          </Link>
        )}
      </div>
      <p class="muted">{t('tournaments.list.intro')}</p>
      {SECTIONS.map(({ status, heading, columns, empty }) => (
        <section key={status} aria-labelledby={`${status}-tournaments`}>
          <h2 id={`${status}-tournaments`}>{t(heading)}</h2>
          <TournamentList
            query={{ status }}
            columns={columns}
            caption={t(heading)}
            empty={t(empty)}
            // Only those taking entries offer a button.
            viewer={status === 'open' ? viewer : null}
          />
        </section>
      ))}
    </>
  );
}
