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
   * Its decision for `colour` in `state`, or null when the match asks nothing of it now; `asker` is
   * the person the question is asked for (the bot's opponent), whose questions take turns with
   * other people's (docs/bots.md, "Fair turns"). ExternalBotNoAnswerError says it will give no
   * answer to this question, and the house bot decides this one turn instead; any other rejection
   * is logged and the decision asked again on a later sweep. It must settle in bounded time (time
   * out rather than wait on a program that hangs): the match waits for it, and so does the node's
   * shutdown.
   */
  abstract decide(state: MatchState, colour: Colour, asker: string): Promise<BotDecision | null>;
}

/**
 * Why the external player gives no answer to one question: its deadline passed (`deadline`), too
 * many questions wait (`queue-full`), or the question is one it cannot read or answer (`unreadable`,
 * never asked again).
 */
export type NoAnswerReason = 'deadline' | 'queue-full' | 'unreadable';

/** The external player gives no answer to this question: the house bot decides this one turn (docs/bots.md, "Fair turns"). */
export class ExternalBotNoAnswerError extends Error {
  override readonly name = 'ExternalBotNoAnswerError';
  constructor(
    readonly reason: NoAnswerReason,
    message: string,
  ) {
    super(message);
  }
}

/** The external player was asked for a decision while it does not answer; asked again later. */
export class ExternalBotUnavailableError extends Error {
  override readonly name = 'ExternalBotUnavailableError';
  constructor() {
    super('The external bot player (GNU Backgammon) is not available; its turns wait until it is.');
  }
}
