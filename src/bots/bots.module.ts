import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { UsersModule } from '../users/users.module.js';
import { BotDecisionPool, EngineDecisions } from './bot-decision-pool.js';
import { BotWorker } from './bot-worker.js';
import { ExternalBotPlayer } from './external-bot-player.js';
import { GnubgModule } from './gnubg/gnubg.module.js';
import { GnubgPlayer } from './gnubg/gnubg-player.js';
import { HouseBotPlayer } from './house-bot-player.js';

/**
 * The house bots (docs/bots.md): the worker that plays their side of every
 * match, through the matches module's face like any player. `gnubg` is played
 * by the ExternalBotPlayer provided here, GNU Backgammon (GnubgPlayer:
 * available when the program was found at start-up); the engine's bots by
 * EngineDecisions, made in worker threads (BotDecisionPool).
 */
@Module({
  imports: [MatchesModule, UsersModule, GnubgModule],
  providers: [
    BotWorker,
    HouseBotPlayer,
    { provide: ExternalBotPlayer, useExisting: GnubgPlayer },
    { provide: EngineDecisions, useClass: BotDecisionPool },
  ],
  exports: [BotWorker],
})
export class BotsModule {}
