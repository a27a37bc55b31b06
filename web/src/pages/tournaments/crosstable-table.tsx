/**
 * A round-robin's crosstable: the players by seed down the side and, by seed number, across the top;
 * each cell the match of its row's player against its column's, from the row's side (won or lost,
 * and the points), linked to the match.
 */
import type { Tournament } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { crosstable, type CrosstableCell } from '../../tournament/crosstable.js';
import { Link } from '../../ui/link.js';
import { PlayerName } from '../../ui/player-name.js';
import { ScrollingTable } from '../../ui/table-scroll.js';

function cellText(cell: CrosstableCell): string {
  if (cell.won === null) return cell.matchId === null ? '' : t('tournaments.crosstable.playing');
  if (cell.decidedBy === 'walkover')
    return cell.won ? t('tournaments.crosstable.wonWalkover') : t('tournaments.crosstable.lostWalkover');
  const score = cell.points === null ? '' : `${cell.points[0]}–${cell.points[1]}`;
  return cell.won ? t('tournaments.crosstable.won', { score }) : t('tournaments.crosstable.lost', { score });
}

function Cell({ cell }: { readonly cell: CrosstableCell | null }) {
  if (cell === null) return <td class="self" />;
  const text = cellText(cell);
  const result = cell.won === null ? undefined : cell.won ? 'won' : 'lost';
  return <td class={result}>{cell.matchId === null ? text : <Link href={`/matches/${cell.matchId}`}>{text}</Link>}</td>;
}

export function CrosstableTable({ tournament }: { readonly tournament: Tournament }) {
  const rows = crosstable(tournament);
  const bots = new Set(tournament.entrants.filter((entrant) => entrant.bot).map((entrant) => entrant.username));
  const caption = t('tournaments.crosstable.heading');
  return (
    <ScrollingTable caption={caption} class="crosstable">
      <thead>
        <tr>
          <th scope="col">{t('tournaments.entrants.seed')}</th>
          <th scope="col">{t('tournaments.standings.player')}</th>
          {rows.map((row) => (
            <th scope="col" key={row.username}>
              <span aria-hidden="true">{row.seed}</span>
              <span class="visually-hidden" translate={false}>
                {row.username}
              </span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.username} class={row.withdrawn ? 'withdrawn' : undefined}>
            <td>{row.seed}</td>
            <th scope="row">
              <PlayerName player={{ username: row.username, bot: bots.has(row.username) }} />
            </th>
            {row.cells.map((cell, index) => (
              <Cell key={index} cell={cell} />
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
