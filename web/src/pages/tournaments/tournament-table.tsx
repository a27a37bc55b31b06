/**
 * A table of tournaments: each row names one, linked to its page, with the columns a list asks for
 * (the game, the field, when it starts, how far it has gone, its champion, its status) and, if
 * given, the buttons a row offers. On a narrow screen each row becomes a block of labelled lines.
 */
import type { ComponentChildren } from 'preact';
import type { Tournament } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { currentRound, matchesPlayed } from '../../tournament/tournament-progress.js';
import { Link } from '../../ui/link.js';
import { PlayerName } from '../../ui/player-name.js';
import { ScrollingTable } from '../../ui/table-scroll.js';
import { TimeText } from '../../ui/time-text.js';
import { roundName, statusText, tournamentKind } from './tournament-words.js';
import '../../ui/match-table.css';

export type TournamentColumn = 'kind' | 'players' | 'starts' | 'progress' | 'champion' | 'status';

const HEADERS: Readonly<Record<TournamentColumn, MessageKey>> = {
  kind: 'tournaments.table.kind',
  players: 'tournaments.table.players',
  starts: 'tournaments.table.starts',
  progress: 'tournaments.table.progress',
  champion: 'tournaments.table.champion',
  status: 'tournaments.table.status',
};

/** How far it has gone: a knock-out's round under way, a round-robin's matches played. */
function progressText(tournament: Tournament): string {
  if (tournament.format === 'round-robin') return t('tournaments.progress.played', matchesPlayed(tournament));
  const round = currentRound(tournament);
  return round === null ? '' : t('tournaments.progress.round', { round: roundName(tournament, round) });
}

function cellContent(column: TournamentColumn, tournament: Tournament): ComponentChildren {
  switch (column) {
    case 'kind':
      return tournamentKind(tournament);
    case 'players':
      return t('tournaments.table.playersCount', {
        count: tournament.entrants.length,
        max: tournament.maxPlayers,
      });
    case 'starts':
      return tournament.startsAt === null ? (
        t('tournaments.table.organiserStarts')
      ) : (
        <TimeText at={tournament.startsAt} />
      );
    case 'progress':
      return progressText(tournament);
    case 'champion': {
      const champion = tournament.champion;
      if (champion === null) return null;
      const bot = tournament.entrants.find((entrant) => entrant.username === champion)?.bot ?? false;
      return <PlayerName player={{ username: champion, bot }} />;
    }
    case 'status':
      return statusText(tournament);
  }
}

/** The id of a row's name cell: a row's buttons are described by it. */
export const tournamentNameId = (tournament: Pick<Tournament, 'id'>): string => `tournament-${tournament.id}-name`;

interface TournamentTableProps {
  readonly tournaments: readonly Tournament[];
  readonly columns: readonly TournamentColumn[];
  readonly caption: string;
  /** What to say when there is none. */
  readonly empty: string;
  readonly actions?: (tournament: Tournament) => ComponentChildren;
}

export function TournamentTable({ tournaments, columns, caption, empty, actions }: TournamentTableProps) {
  if (tournaments.length === 0) return <p class="muted">{empty}</p>;
  return (
    <ScrollingTable caption={caption} class="match-table tournament-table">
      <thead>
        <tr>
          <th scope="col">{t('tournaments.table.tournament')}</th>
          {columns.map((column) => (
            <th scope="col" key={column}>
              {t(HEADERS[column])}
            </th>
          ))}
          {actions !== undefined && <th scope="col">{t('tournaments.table.actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {tournaments.map((tournament) => (
          <tr key={tournament.id}>
            <th scope="row" id={tournamentNameId(tournament)}>
              <Link href={`/tournaments/${tournament.id}`} translate={false}>
                {tournament.name}
              </Link>
            </th>
            {columns.map((column) => (
              <td key={column} data-label={t(HEADERS[column])}>
                {cellContent(column, tournament)}
              </td>
            ))}
            {actions !== undefined && (
              <td class="actions" data-label={t('tournaments.table.actions')}>
                {actions(tournament)}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
