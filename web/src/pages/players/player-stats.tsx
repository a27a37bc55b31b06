/** A player's rating, experience and record of rated matches, as figures. */
import type { Schemas } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { ratingText } from '../../ui/figures.js';
import '../../ui/common.css';

export function PlayerStats({ player }: { readonly player: Schemas['UserProfileDto'] }) {
  const { record } = player;
  const figures: readonly (readonly [MessageKey, string | number])[] = [
    ['players.stats.rating', ratingText(player.rating)],
    ['players.stats.experience', player.experience],
    ['players.stats.matchesPlayed', record.matchesPlayed],
    ['players.stats.won', record.matchesWon],
    ['players.stats.lost', record.matchesLost],
    ['players.stats.gammonsWon', record.gammonsWon],
    ['players.stats.gammonsLost', record.gammonsLost],
    ['players.stats.backgammonsWon', record.backgammonsWon],
    ['players.stats.backgammonsLost', record.backgammonsLost],
  ];
  return (
    <dl class="stats">
      {figures.map(([name, value]) => (
        <div key={name}>
          <dt>{t(name)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
