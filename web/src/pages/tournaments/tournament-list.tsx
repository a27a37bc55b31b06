/**
 * One list of tournaments (GET /api/tournaments: by status, or those a player entered), a page at a
 * time, with an Enter button on each a signed-in person may enter now.
 */
import { useState } from 'preact/hooks';
import { api, call, type Tournament } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { entryOf, tournamentActions } from '../../tournament/tournament-actions.js';
import { Loading } from '../../ui/loading.js';
import { Pager } from '../../ui/pager.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { usePagedList } from '../../ui/use-paged-list.js';
import { TournamentTable, tournamentNameId, type TournamentColumn } from './tournament-table.js';

type ListQuery = { readonly status: Tournament['status'] } | { readonly player: string };

interface TournamentListProps {
  readonly query: ListQuery;
  readonly columns: readonly TournamentColumn[];
  readonly caption: string;
  readonly empty: string;
  /** The signed-in person, who may enter; null signed out. */
  readonly viewer: string | null;
}

export function TournamentList({ query, columns, caption, empty, viewer }: TournamentListProps) {
  const list = usePagedList(
    async (cursor, limit) => {
      const page = await call(api.GET('/api/tournaments', { params: { query: { ...query, cursor, limit } } }));
      return { items: page.tournaments, next: page.next };
    },
    [JSON.stringify(query)],
  );
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const enter = async (tournament: Tournament): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await call(api.POST('/api/tournaments/{id}/entries', { params: { path: { id: tournament.id } }, body: {} }));
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
    list.refresh();
  };
  const actions = (tournament: Tournament) => {
    const entry = entryOf(tournament, viewer);
    if (entry !== null && !entry.withdrawn) return <span class="muted">{t('tournaments.list.entered')}</span>;
    if (!tournamentActions(tournament, viewer).includes('enter')) return null;
    return (
      <button
        type="button"
        disabled={busy}
        aria-describedby={tournamentNameId(tournament)}
        onClick={() => void enter(tournament)}
      >
        {t('tournaments.actions.enter')}
      </button>
    );
  };
  return (
    <>
      <ProblemMessage problem={problem ?? list.problem} />
      {list.items === null ? (
        list.loading && <Loading what={t('tournaments.list.loading')} />
      ) : (
        <TournamentTable
          tournaments={list.items}
          columns={columns}
          caption={caption}
          empty={empty}
          actions={viewer === null ? undefined : actions}
        />
      )}
      <Pager list={list} what="tournaments" />
    </>
  );
}
