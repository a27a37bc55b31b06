import { Link } from './link.js';
import './player-name.css';

/** A player's username, linked to their profile, with a badge when a program plays the account. */
export function PlayerName({ player }: { readonly player: { readonly username: string; readonly bot: boolean } }) {
  return (
    <>
      <Link href={`/users/${encodeURIComponent(player.username)}`}>{player.username}</Link>
      {player.bot && <BotBadge />}
    </>
  );
}

export function BotBadge() {
  return (
    <span class="bot-badge" title="A program plays this account">
      bot
    </span>
  );
}
