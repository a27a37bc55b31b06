/**
 * What a profile shows of a player who has not finished a rated match: the
 * starting rating and no experience (docs/rules.md, "Ratings"), an empty
 * record, and a person's account (docs/bots.md: no bot, no house bot).
 */
export const NEW_PLAYER_STANDING = {
  rating: 1500,
  experience: 0,
  provisional: true,
  record: {
    matchesPlayed: 0,
    matchesWon: 0,
    matchesLost: 0,
    gammonsWon: 0,
    gammonsLost: 0,
    backgammonsWon: 0,
    backgammonsLost: 0,
    abortedByLeave: 0,
  },
  bot: false,
  houseBot: null,
} as const;
