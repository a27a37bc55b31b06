/** One list of the lobby: its heading, its matches a page at a time, and the buttons of waiting matches. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { MatchSummary } from '../../api/client.js';
import type { ApiProblem } from '../../api/problem.js';
import { Loading } from '../../ui/loading.js';
import { MatchTable, type MatchColumn } from '../../ui/match-table.js';
import { Pager } from '../../ui/pager.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { usePagedList, type Page } from '../../ui/use-paged-list.js';
import { MatchActions } from './match-actions.js';

interface LobbyListProps {
  readonly id: string;
  readonly heading: string;
  readonly intro?: string;
  /** What the list says while its first page loads. */
  readonly loading: string;
  readonly load: (cursor: string | undefined, limit: number) => Promise<Page<MatchSummary>>;
  readonly columns: readonly MatchColumn[];
  readonly empty: string;
  readonly viewer: string;
  /** Changes when the lists are out of date (a stream event, an action in another list). */
  readonly refreshes: number;
  readonly onChanged: () => void;
}

export function LobbyList({
  id,
  heading,
  intro,
  loading,
  load,
  columns,
  empty,
  viewer,
  refreshes,
  onChanged,
}: LobbyListProps) {
  const list = usePagedList(load, []);
  const [actionProblem, setActionProblem] = useState<ApiProblem | null>(null);
  const seen = useRef(refreshes);
  useEffect(() => {
    if (seen.current === refreshes) return;
    seen.current = refreshes;
    list.refresh();
  }, [refreshes]);
  return (
    <section>
      <h2 id={id}>{heading}</h2>
      {intro !== undefined && <p class="muted">{intro}</p>}
      <ProblemMessage problem={actionProblem ?? list.problem} />
      {list.items === null ? (
        list.loading && <Loading what={loading} />
      ) : (
        <MatchTable
          matches={list.items}
          viewer={viewer}
          columns={columns}
          caption={heading}
          empty={empty}
          actions={(match) => (
            <MatchActions match={match} viewer={viewer} onChanged={onChanged} onProblem={setActionProblem} />
          )}
        />
      )}
      <Pager list={list} what="matches" />
    </section>
  );
}
