/**
 * GNU Backgammon as a house bot (docs/bots.md "GNU Backgammon as a bot"):
 * each question a backgammon match asks of the bot's colour is sent to the
 * service's one gnubg (gnubg-process.ts) as a FIBS board line (the engine's
 * gnubgExternalRequest) and its answer read back as a BotDecision
 * (gnubg-answer.ts). What needs no judgement is answered here without gnubg:
 * the opening roll, a roll without the right to double, a roll with one
 * legal play. gnubg is a separate program (GPL-3.0) reached over a socket;
 * nothing of it is linked or included here.
 */
import type { OnModuleDestroy } from '@nestjs/common';
import { NotationError, type BotDecision, type Colour, type MatchState } from '../../engine/index.js';
import { gnubgExternalRequest, type GnubgExternalRequest } from './gnubg-request.js';
import { decisionFromAnswer } from './gnubg-answer.js';
import { GnubgProcess, type GnubgLogger } from './gnubg-process.js';
import type { GnubgSettings } from './gnubg-settings.js';
import { GnubgError, type GnubgFailure } from './gnubg.errors.js';
import { ExternalBotNoAnswerError, type ExternalBotPlayer, type NoAnswerReason } from '../../house-bots/index.js';

/** gnubg's failures that no asking again would mend for this question: the house bot takes the turn. */
const NO_ANSWER: Partial<Record<GnubgFailure, NoAnswerReason>> = {
  deadline: 'deadline',
  'queue-full': 'queue-full',
  'bad-answer': 'unreadable',
};

export class GnubgPlayer implements ExternalBotPlayer, OnModuleDestroy {
  private readonly process: GnubgProcess | null;

  constructor(settings: GnubgSettings, logger?: GnubgLogger) {
    this.process =
      settings.binary === null
        ? null
        : new GnubgProcess({
            binary: settings.binary,
            plies: settings.plies,
            timeoutMs: settings.timeoutMs,
            deadlineMs: settings.deadlineMs,
            maxWaiting: settings.maxWaiting,
            logger,
          });
  }

  available(): boolean {
    return this.process !== null;
  }

  /** The running gnubg's process id (logs and tests), null when none runs. */
  get pid(): number | null {
    return this.process?.pid ?? null;
  }

  /**
   * What `colour` does now, or null when nothing is asked of it; `asker`'s
   * questions take turns with other askers'. Rejects with
   * ExternalBotNoAnswerError when gnubg gives no answer in time, too many
   * questions wait, or the question is one gnubg cannot read or answers with
   * something that is not a legal action (none of these is asked again); with
   * GnubgError when gnubg is unavailable or fails twice, and for long nardy
   * (gnubg plays backgammon only).
   */
  async decide(state: MatchState, colour: Colour, asker = ''): Promise<BotDecision | null> {
    const { phase } = state;
    if (phase.kind === 'opening-roll') return { kind: 'roll' };
    if (state.config.variant !== 'backgammon') {
      throw new GnubgError('unavailable', 'GNU Backgammon plays backgammon only');
    }
    if (!('player' in phase) || phase.player !== colour) return null;
    if (phase.kind === 'roll' && !phase.mayDouble) return { kind: 'roll' };
    if (phase.kind === 'play' && phase.plays.length === 1) return { kind: 'play', moves: phase.plays[0].moves };
    const request = readableRequest(state, colour);
    if (request === null) return null;
    if (this.process === null) throw new GnubgError('unavailable', 'GNU Backgammon was not found');
    const process = this.process;
    try {
      return decisionFromAnswer(state, colour, request.question, await process.ask(request.command, asker));
    } catch (error) {
      const reason = error instanceof GnubgError ? NO_ANSWER[error.failure] : undefined;
      if (reason !== undefined) throw new ExternalBotNoAnswerError(reason, error instanceof Error ? error.message : '');
      throw error;
    }
  }

  /** Ends gnubg (the service is shutting down). */
  async onModuleDestroy(): Promise<void> {
    await this.process?.close();
  }
}

/** The question for gnubg; one the engine cannot write as a line gnubg reads is never asked (`unreadable`). */
function readableRequest(state: MatchState, colour: Colour): GnubgExternalRequest | null {
  try {
    return gnubgExternalRequest(state, colour);
  } catch (error) {
    if (!(error instanceof NotationError)) throw error;
    throw new ExternalBotNoAnswerError('unreadable', `the question cannot be put to gnubg: ${error.message}`);
  }
}
