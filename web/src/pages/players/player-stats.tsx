/** A player's rating, experience and record of rated matches, as figures. */
import type { Schemas } from '../../api/client.js';
import { ratingText } from '../../ui/figures.js';
import '../../ui/common.css';

export function PlayerStats({ player }: { readonly player: Schemas['UserProfileDto'] }) {
  const { record } = player;
  const figures: readonly (readonly [string, string | number])[] = [
    ['Rating', ratingText(player.rating)],
    ['Experience', player.experience],
    ['Matches played', record.matchesPlayed],
    ['Won', record.matchesWon],
    ['Lost', record.matchesLost],
    ['Gammons won', record.gammonsWon],
    ['Gammons lost', record.gammonsLost],
    ['Backgammons won', record.backgammonsWon],
    ['Backgammons lost', record.backgammonsLost],
  ];
  return (
    <dl class="stats">
      {figures.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
