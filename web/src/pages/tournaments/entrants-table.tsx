/** A tournament's entrants: in seed order once it has started (in the order they entered before), with their ratings when entering. */
import type { Tournament } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { ratingText } from '../../ui/figures.js';
import { PlayerName } from '../../ui/player-name.js';
import { ScrollingTable } from '../../ui/table-scroll.js';

export function EntrantsTable({ tournament }: { readonly tournament: Tournament }) {
  const seeded = tournament.entrants.some((entrant) => entrant.seed !== null);
  const entrants = seeded
    ? [...tournament.entrants].sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity))
    : tournament.entrants;
  if (entrants.length === 0) return <p class="muted">{t('tournaments.entrants.none')}</p>;
  const caption = t('tournaments.entrants.heading');
  return (
    <ScrollingTable caption={caption} class="entrants">
      <thead>
        <tr>
          <th scope="col">{seeded ? t('tournaments.entrants.seed') : t('tournaments.entrants.order')}</th>
          <th scope="col">{t('tournaments.entrants.player')}</th>
          <th scope="col">{t('tournaments.entrants.rating')}</th>
        </tr>
      </thead>
      <tbody>
        {entrants.map((entrant, index) => (
          <tr key={entrant.username} class={entrant.withdrawn ? 'withdrawn' : undefined}>
            <td>{entrant.seed ?? index + 1}</td>
            <th scope="row">
              <PlayerName player={entrant} />
              {entrant.withdrawn && <span class="muted"> {t('tournaments.entrants.withdrawn')}</span>}
            </th>
            <td>{ratingText(entrant.rating)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
