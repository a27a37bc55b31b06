import type { User } from '../../users/index.js';
import type { SeatedPlayer } from '../model/match-record.js';

/** An account as it takes a seat: its name, the setting the server's follow-ups read, and whether it is a bot's. */
export function seatOfUser(user: User): SeatedPlayer {
  return { id: user.id, username: user.username, autoPlayForced: user.autoPlayForced, bot: user.kind === 'bot' };
}
