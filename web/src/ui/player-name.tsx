import { t } from '../i18n/index.js';
import { Link } from './link.js';
import './player-name.css';

/** A player's username (no word to translate), linked to their profile, with a badge when a program plays the account. */
export function PlayerName({ player }: { readonly player: { readonly username: string; readonly bot: boolean } }) {
  return (
    <>
      <Link href={`/users/${encodeURIComponent(player.username)}`} translate={false}>
        {player.username}
      </Link>
      {player.bot && <BotBadge />}
    </>
  );
}

export function BotBadge() {
  return (
    <span class="bot-badge" title={t('ui.botBadge.title')}>
      {t('ui.botBadge.text')}
    </span>
  );
}
