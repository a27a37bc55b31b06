/**
 * Bot accounts and the house bots (docs/bots.md). An account is a player's or
 * a bot's; the house bots are the bots the service plays itself, one account
 * each, named by what plays them. Which house bot plays what is decided here,
 * once: match creation refuses an invitation a house bot cannot take, and the
 * bots' worker declines one that gets past (the gnubg player gone meanwhile).
 */
import { VARIANTS, type Variant } from '../engine/index.js';

/** What plays an account: a person, or a program (a house bot, or an outside bot). */
export const USER_KINDS = ['player', 'bot'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/**
 * The house bots, by username: `bot-easy` and `bot` are the engine's house-bot decision at its
 * easy and strong levels, `gnubg` is GNU Backgammon, played through an external player.
 */
export const HOUSE_BOTS = ['bot-easy', 'bot', 'gnubg'] as const;
export type HouseBot = (typeof HOUSE_BOTS)[number];

/** Whether a stored level names a house bot. */
export function isHouseBot(level: string | null): level is HouseBot {
  return (HOUSE_BOTS as readonly string[]).includes(level ?? '');
}

/**
 * Why `houseBot` cannot play a match of `variant` now; null when it can. The engine's bots play
 * both variants, matches and money sessions; gnubg plays backgammon only, and only while its
 * external player answers (`externalAvailable`).
 */
export function houseBotRefusal(houseBot: HouseBot, variant: Variant, externalAvailable: boolean): string | null {
  if (houseBot !== 'gnubg') return null;
  if (variant !== 'backgammon') return 'gnubg plays backgammon only.';
  if (!externalAvailable) return 'gnubg is not available now (GNU Backgammon does not answer); try again later.';
  return null;
}

/** The variants `houseBot` plays: gnubg backgammon only, the engine's bots both. */
export function houseBotVariants(houseBot: HouseBot): readonly Variant[] {
  return houseBot === 'gnubg' ? ['backgammon'] : VARIANTS;
}
