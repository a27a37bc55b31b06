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
import { gnubgExternalRequest, type BotDecision, type Colour, type MatchState } from '../../engine/index.js';
import { decisionFromAnswer } from './gnubg-answer.js';
import { GnubgProcess, type GnubgLogger } from './gnubg-process.js';
import type { GnubgSettings } from './gnubg-settings.js';
import { GnubgError } from './gnubg.errors.js';
import type { ExternalBotPlayer } from '../external-bot-player.js';

export class GnubgPlayer implements ExternalBotPlayer, OnModuleDestroy {
  private readonly process: GnubgProcess | null;

  constructor(settings: GnubgSettings, logger?: GnubgLogger) {
    this.process =
      settings.binary === null
        ? null
        : new GnubgProcess({ binary: settings.binary, plies: settings.plies, timeoutMs: settings.timeoutMs, logger });
  }

  available(): boolean {
    return this.process !== null;
  }

  /** The running gnubg's process id (logs and tests), null when none runs. */
  get pid(): number | null {
    return this.process?.pid ?? null;
  }

  /**
   * What `colour` does now, or null when nothing is asked of it. Rejects with
   * GnubgError when gnubg is unavailable, fails twice, or answers something
   * that is not a legal action, and for long nardy (gnubg plays backgammon only).
   */
  async decide(state: MatchState, colour: Colour): Promise<BotDecision | null> {
    const { phase } = state;
    if (phase.kind === 'opening-roll') return { kind: 'roll' };
    if (state.config.variant !== 'backgammon') {
      throw new GnubgError('unavailable', 'GNU Backgammon plays backgammon only');
    }
    if (!('player' in phase) || phase.player !== colour) return null;
    if (phase.kind === 'roll' && !phase.mayDouble) return { kind: 'roll' };
    if (phase.kind === 'play' && phase.plays.length === 1) return { kind: 'play', moves: phase.plays[0].moves };
    const request = gnubgExternalRequest(state, colour);
    if (request === null) return null;
    if (this.process === null) throw new GnubgError('unavailable', 'GNU Backgammon was not found');
    const answer = await this.process.ask(request.command);
    return decisionFromAnswer(state, colour, request.question, answer);
  }

  /** Ends gnubg (the service is shutting down). */
  async onModuleDestroy(): Promise<void> {
    await this.process?.close();
  }
}
