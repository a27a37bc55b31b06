/**
 * What a house bot does next in a match (docs/bots.md, "Deciding"): answer an
 * invitation (join what it plays, decline the rest), or make the decision
 * the match waits for, the engine's (`bot-easy`, `bot`) or the external
 * player's (`gnubg`). The answer is a match action, made as any player's.
 */
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { opponentOf, type BotDecision, type BotLevel } from '../engine/index.js';
import { Clock } from '../common/clock.js';
import { colourOf, deadlinePassed, type LoadedMatch, type MatchAction } from '../matches/index.js';
import {
  HouseBotPolicy,
  type HouseBot,
  ExternalBotNoAnswerError,
  ExternalBotPlayer,
  ExternalBotUnavailableError,
} from '../house-bots/index.js';
import type { User } from '../users/index.js';
import { actionFor } from './bot-action.js';
import { EngineDecisions } from './bot-decision-pool.js';
import { FairQueue } from './fair-queue.js';
import { StandInLog } from './stand-in-log.js';
/** A house bot's account, as the worker acts for it. */
export interface HouseBotAccount {
  readonly id: string;
  readonly username: string;
  readonly houseBot: HouseBot;
}

/** The house bot's account of a user, or null for any other account. */
export function houseBotAccount(user: User): HouseBotAccount | null {
  return user.houseBot === null ? null : { id: user.id, username: user.username, houseBot: user.houseBot };
}

/** The engine's level of each house bot it plays; gnubg is the external player's. */
const ENGINE_LEVELS: Readonly<Record<Exclude<HouseBot, 'gnubg'>, BotLevel>> = {
  'bot-easy': 'easy',
  bot: 'strong',
};

/** The engine's level that takes a turn the external player gives no answer to. */
const FALLBACK_LEVEL: BotLevel = ENGINE_LEVELS.bot;
/**
 * Engine decisions waiting their turn, at most: one per match worked on (the worker takes at most
 * SWEEP_LIMIT a sweep), so it is never reached in practice.
 */
const ENGINE_QUEUE_LIMIT = 10_000;

@Injectable()
export class HouseBotPlayer implements OnModuleDestroy {
  private readonly logger = new Logger('HouseBotPlayer');
  /** The turns `bot` decides for gnubg: the first of each reason, then a count a minute at most. */
  private readonly standIns = new StandInLog(this.logger);
  /**
   * The engine's decisions, as many at a time as there are threads to make them
   * (EngineDecisions), the people they are for taking turns: one person's many matches never
   * stand before another's next decision (docs/bots.md, "Fair turns").
   */
  private readonly engineTurns: FairQueue;

  constructor(
    private readonly policy: HouseBotPolicy,
    private readonly external: ExternalBotPlayer,
    private readonly clock: Clock,
    private readonly engineDecisions: EngineDecisions,
  ) {
    this.engineTurns = new FairQueue({ concurrency: engineDecisions.concurrency, maxWaiting: ENGINE_QUEUE_LIMIT });
  }

  onModuleDestroy(): void {
    this.standIns.stop();
  }

  /**
   * The action `bot` takes now in `match`, or null when the match waits for nothing of it. Throws
   * ExternalBotUnavailableError for a gnubg decision while the external player does not answer.
   * A question gnubg gives no answer to (its deadline passed, its queue is full, it cannot read
   * it) is decided by `bot` for that one turn (docs/bots.md, "Fair turns").
   */
  async next(match: LoadedMatch, bot: HouseBotAccount): Promise<MatchAction | null> {
    const { record, state } = match;
    if (record.projection.status === 'invited') {
      if (record.invited?.id !== bot.id) return null;
      return this.policy.refusal(bot.houseBot, record.variant) === null ? { name: 'join' } : { name: 'decline' };
    }
    if (record.projection.status !== 'playing') return null;
    const colour = colourOf(record, bot.id);
    if (colour === null) return null;
    // The opponent let the deadline pass: the bot claims the timeout, as a player would
    // (docs/bots.md, "Timeouts"); the opponent was reminded before (docs/notifications.md).
    if (
      record.projection.turnColour === opponentOf(colour) &&
      deadlinePassed(record.projection.clock, this.clock.now())
    )
      return { name: 'claim-timeout' };
    const asker = record[opponentOf(colour)]?.id ?? '';
    // Made in a worker thread (EngineDecisions): the event loop does not wait on the look-ahead.
    const engine = (level: BotLevel) =>
      this.engineTurns.run(asker, () => this.engineDecisions.decide(state, colour, level, record.id, record.version));
    let decision: BotDecision | null;
    if (bot.houseBot === 'gnubg') {
      if (!this.external.available()) throw new ExternalBotUnavailableError();
      try {
        decision = await this.external.decide(state, colour, asker);
      } catch (error) {
        if (!(error instanceof ExternalBotNoAnswerError)) throw error;
        this.standIns.stoodIn(
          error.reason,
          `gnubg gave no answer in match ${record.id} at version ${record.version} (${error.reason}: ${error.message}); bot decides this turn`,
        );
        decision = await engine(FALLBACK_LEVEL);
      }
    } else {
      decision = await engine(ENGINE_LEVELS[bot.houseBot]);
    }
    return decision === null ? null : actionFor(decision);
  }
}
