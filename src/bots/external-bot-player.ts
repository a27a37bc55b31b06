/**
 * A house bot played by a program outside the service (docs/bots.md,
 * "Deciding"): GNU Backgammon for the `gnubg` account (GnubgPlayer,
 * src/bots/gnubg/). The worker asks it for each decision as it asks the
 * engine for the other house bots', and while it is unavailable does nothing
 * but decline the invitations it gets.
 */
import type { BotDecision, Colour, MatchState } from '../engine/index.js';

export abstract class ExternalBotPlayer {
  /** Whether it answers now; when not, invitations are declined and its turns wait. */
  abstract available(): boolean;

  /**
   * Its decision for `colour` in `state`, or null when the match asks nothing of it now. A
   * rejection is logged and the decision asked again on a later sweep. It must settle in bounded
   * time (time out rather than wait on a program that hangs): the match waits for it, and so does
   * the node's shutdown.
   */
  abstract decide(state: MatchState, colour: Colour): Promise<BotDecision | null>;
}

/** The external player was asked for a decision while it does not answer; asked again later. */
export class ExternalBotUnavailableError extends Error {
  override readonly name = 'ExternalBotUnavailableError';
  constructor() {
    super('The external bot player (GNU Backgammon) is not available; its turns wait until it is.');
  }
}
