/**
 * A tournament's standings (docs/tournaments.md, "Standings"): each player's rank, matches played,
 * won and lost, points won and conceded, and in a round-robin the tie-break that put them above the
 * next player with as many matches won.
 */
import type { Tournament } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { PlayerName } from '../../ui/player-name.js';
import { ScrollingTable } from '../../ui/table-scroll.js';
import { tieBreakText } from './tournament-words.js';

export function StandingsTable({ tournament }: { readonly tournament: Tournament }) {
  const bots = new Set(tournament.entrants.filter((entrant) => entrant.bot).map((entrant) => entrant.username));
  const roundRobin = tournament.format === 'round-robin';
  const caption = t('tournaments.standings.heading');
  return (
    <ScrollingTable caption={caption} class="standings">
      <thead>
        <tr>
          <th scope="col">{t('tournaments.standings.rank')}</th>
          <th scope="col">{t('tournaments.standings.player')}</th>
          <th scope="col">{t('tournaments.standings.played')}</th>
          <th scope="col">{t('tournaments.standings.won')}</th>
          <th scope="col">{t('tournaments.standings.lost')}</th>
          <th scope="col">{t('tournaments.standings.pointsFor')}</th>
          <th scope="col">{t('tournaments.standings.pointsAgainst')}</th>
          {roundRobin && <th scope="col">{t('tournaments.standings.tieBreak')}</th>}
        </tr>
      </thead>
      <tbody>
        {tournament.standings.map((standing) => (
          <tr key={standing.username} class={standing.withdrawn ? 'withdrawn' : undefined}>
            <td>{standing.rank}</td>
            <th scope="row">
              <PlayerName player={{ username: standing.username, bot: bots.has(standing.username) }} />
              {standing.withdrawn && <span class="muted"> {t('tournaments.entrants.withdrawn')}</span>}
            </th>
            <td>{standing.played}</td>
            <td>{standing.won}</td>
            <td>{standing.lost}</td>
            <td>{standing.pointsFor}</td>
            <td>{standing.pointsAgainst}</td>
            {roundRobin && <td>{tieBreakText(standing.tieBreak)}</td>}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
