import { Module } from '@nestjs/common';
import { HouseBotsModule } from '../house-bots/index.js';
import { MatchesModule } from '../matches/index.js';
import { UsersModule } from '../users/index.js';
import { BotDecisionPool, EngineDecisions } from './bot-decision-pool.js';
import { BotWorker } from './bot-worker.js';
import { GnubgModule } from './gnubg/gnubg.module.js';
import { HouseBotPlayer } from './house-bot-player.js';

/**
 * The house bots (docs/bots.md): the worker that plays their side of every
 * match, through the matches module's face like any player. `gnubg` is played
 * by the ExternalBotPlayer that GnubgModule provides to the whole application,
 * GNU Backgammon (GnubgPlayer: available when the program was found at
 * start-up); the engine's bots by
 * EngineDecisions, made in worker threads (BotDecisionPool).
 */
@Module({
  imports: [MatchesModule, UsersModule, HouseBotsModule, GnubgModule],
  providers: [BotWorker, HouseBotPlayer, { provide: EngineDecisions, useClass: BotDecisionPool }],
  exports: [BotWorker],
})
export class BotsModule {}
