/**
 * A table of match summaries from one player's side (match-labels.ts): each row names the match,
 * linked to its page, with the columns a list asks for and, if given, buttons for the match.
 */
import type { ComponentChildren } from 'preact';
import type { MatchSummary } from '../api/client.js';
import { Link } from './link.js';
import { awaitedText, lastPlayOf, matchKind, opponentOf, scoreText, statusText } from './match-labels.js';
import { PlayerName } from './player-name.js';
import { TableScroll } from './table-scroll.js';
import { TimeText } from './time-text.js';
import './match-table.css';

export type MatchColumn =
  'opponent' | 'players' | 'status' | 'score' | 'awaiting' | 'lastPlay' | 'deadline' | 'clock' | 'created';

const HEADERS: Record<MatchColumn, string> = {
  opponent: 'Opponent',
  players: 'Players',
  status: 'Status',
  score: 'Score',
  awaiting: 'Waiting for',
  lastPlay: 'Last play',
  deadline: 'Deadline',
  clock: 'Clock',
  created: 'Created',
};

function clockText(daysPerTurn: number | null): string {
  if (daysPerTurn === null) return 'No clock';
  return daysPerTurn === 1 ? '1 day a turn' : `${daysPerTurn} days a turn`;
}

/** What a cell of `column` shows for `match`. */
function cellContent(column: MatchColumn, match: MatchSummary, viewer: string | null): ComponentChildren {
  switch (column) {
    case 'opponent': {
      const opponent = opponentOf(match, viewer);
      return <>{opponent === null ? <span class="muted">Anyone</span> : <PlayerName player={opponent} />}</>;
    }
    case 'players': {
      const { white, black } = match.players;
      return (
        <>
          {white !== null ? <PlayerName player={white} /> : <span class="muted">open seat</span>} (white) vs{' '}
          {black !== null ? <PlayerName player={black} /> : <span class="muted">open seat</span>} (black)
        </>
      );
    }
    case 'status':
      return <>{statusText(match, viewer)}</>;
    case 'score':
      return <>{match.status === 'invited' ? '' : scoreText(match, viewer)}</>;
    case 'awaiting':
      return <>{awaitedText(match, viewer)}</>;
    case 'lastPlay':
      return <>{lastPlayOf(match, viewer)}</>;
    case 'deadline':
      return <>{match.turn.deadline === null ? 'None' : <TimeText at={match.turn.deadline} />}</>;
    case 'clock':
      return <>{clockText(match.daysPerTurn)}</>;
    case 'created':
      return <TimeText at={match.createdAt} />;
  }
}

interface MatchTableProps {
  readonly matches: readonly MatchSummary[];
  /** Whose side the table tells: the signed-in person, or the player whose page it is. */
  readonly viewer: string | null;
  readonly columns: readonly MatchColumn[];
  readonly caption: string;
  /** What to say when there is no match. */
  readonly empty: string;
  readonly actions?: (match: MatchSummary) => ComponentChildren;
}

export function MatchTable({ matches, viewer, columns, caption, empty, actions }: MatchTableProps) {
  if (matches.length === 0) return <p class="muted">{empty}</p>;
  return (
    <TableScroll label={caption}>
      <table class="match-table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Match</th>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {HEADERS[column]}
              </th>
            ))}
            {actions !== undefined && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {matches.map((match) => (
            <tr key={match.id}>
              <th scope="row">
                <Link href={`/matches/${match.id}`}>{matchKind(match)}</Link>
              </th>
              {/* Each cell names its column, which a narrow screen shows beside it (match-table.css). */}
              {columns.map((column) => (
                <td key={column} data-label={HEADERS[column]}>
                  {cellContent(column, match, viewer)}
                </td>
              ))}
              {actions !== undefined && (
                <td class="actions" data-label="Actions">
                  {actions(match)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
