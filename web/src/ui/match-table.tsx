/**
 * A table of match summaries from one player's side (match-labels.ts): each row names the match,
 * linked to its page, with the columns a list asks for and, if given, buttons for the match.
 */
import type { ComponentChildren } from 'preact';
import type { MatchSummary } from '../api/client.js';
import { t, Trans } from '../i18n/index.js';
import type { MessageKey } from '../i18n/message-ids.js';
import { Link } from './link.js';
import { awaitedText, lastPlayMessageOf, matchKind, opponentOf, scoreText, statusText } from './match-labels.js';
import { PlayerName } from './player-name.js';
import { TableScroll } from './table-scroll.js';
import { TimeText } from './time-text.js';
import './match-table.css';

export type MatchColumn =
  'opponent' | 'players' | 'status' | 'score' | 'awaiting' | 'lastPlay' | 'deadline' | 'clock' | 'created';

const HEADERS: Readonly<Record<MatchColumn, MessageKey>> = {
  opponent: 'ui.matchTable.opponent',
  players: 'ui.matchTable.players',
  status: 'ui.matchTable.status',
  score: 'ui.matchTable.score',
  awaiting: 'ui.matchTable.awaiting',
  lastPlay: 'ui.matchTable.lastPlay',
  deadline: 'ui.matchTable.deadline',
  clock: 'ui.matchTable.clock',
  created: 'ui.matchTable.created',
};

function clockText(daysPerTurn: number | null): string {
  if (daysPerTurn === null) return t('ui.matchTable.noClock');
  return t('ui.matchTable.daysPerTurn', { days: daysPerTurn });
}

/** A seat's player, or "open seat": drawn whole, in place of the same words in the message around it. */
function Seat({ player }: { readonly player: { readonly username: string; readonly bot: boolean } | null }) {
  return player === null ? <span class="muted">{t('ui.matchTable.openSeat')}</span> : <PlayerName player={player} />;
}

/** What a cell of `column` shows for `match`. */
function cellContent(column: MatchColumn, match: MatchSummary, viewer: string | null): ComponentChildren {
  switch (column) {
    case 'opponent': {
      const opponent = opponentOf(match, viewer);
      return (
        <>
          {opponent === null ? (
            <span class="muted">{t('ui.matchTable.anyone')}</span>
          ) : (
            <PlayerName player={opponent} />
          )}
        </>
      );
    }
    case 'players': {
      const { white, black } = match.players;
      const openSeat = t('ui.matchTable.openSeat');
      return (
        <Trans
          id="ui.matchTable.seats"
          values={{ white: white?.username ?? openSeat, black: black?.username ?? openSeat }}
          components={[<Seat player={white} />, <Seat player={black} />]}
        />
      );
    }
    case 'status':
      return <>{statusText(match, viewer)}</>;
    case 'score':
      return <>{match.status === 'invited' ? '' : scoreText(match, viewer)}</>;
    case 'awaiting':
      return <>{awaitedText(match, viewer)}</>;
    case 'lastPlay': {
      const last = lastPlayMessageOf(match, viewer);
      // The play's notation (24/18*, bar/20) is no word to translate.
      return last === null ? null : (
        <Trans id={last.id} values={last.values} components={[<span translate={false} />]} />
      );
    }
    case 'deadline':
      return (
        <>{match.turn.deadline === null ? t('ui.matchTable.noDeadline') : <TimeText at={match.turn.deadline} />}</>
      );
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
            <th scope="col">{t('ui.matchTable.match')}</th>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {t(HEADERS[column])}
              </th>
            ))}
            {actions !== undefined && <th scope="col">{t('ui.matchTable.actions')}</th>}
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
                <td key={column} data-label={t(HEADERS[column])}>
                  {cellContent(column, match, viewer)}
                </td>
              ))}
              {actions !== undefined && (
                <td class="actions" data-label={t('ui.matchTable.actions')}>
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
