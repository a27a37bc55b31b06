import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { SecurityModule } from '../security/security.module.js';
import { UsersModule } from '../users/users.module.js';
import { DiceRoller, FairDiceRoller } from './dice-roller.js';
import { MatchActionsController } from './match-actions.controller.js';
import { MatchActionsService } from './match-actions.service.js';
import { MatchGamesService } from './match-games.service.js';
import { MatchHistoryRepository } from './match-history.repository.js';
import { MatchHistoryService } from './match-history.service.js';
import { MatchStore } from './match-store.js';
import { MatchesController } from './matches.controller.js';
import { MatchesRepository } from './matches.repository.js';
import { MatchesService } from './matches.service.js';
import { MyMatchesController } from './my-matches.controller.js';
import { PlayerMatchesController } from './player-matches.controller.js';
import { VersusController } from './versus.controller.js';
import { MyStreamController } from './my-stream.controller.js';
import { MatchFeed } from './match-feed.js';
import { MatchStreamService } from './match-stream.service.js';
import { ReplayVerifier } from './replay-verifier.js';
import { MatchLimitsPolicy } from './match-limits.js';
import { StreamSlots } from './stream-slots.js';

/** Matches and money sessions played over HTTP, every event kept (docs/architecture.md). */
@Module({
  imports: [SecurityModule, UsersModule, IdempotencyModule],
  controllers: [
    MatchesController,
    MatchActionsController,
    MyMatchesController,
    PlayerMatchesController,
    VersusController,
    MyStreamController,
  ],
  providers: [
    MatchesService,
    MatchActionsService,
    MatchStore,
    MatchesRepository,
    MatchHistoryService,
    MatchGamesService,
    MatchFeed,
    MatchStreamService,
    StreamSlots,
    MatchHistoryRepository,
    ReplayVerifier,
    MatchLimitsPolicy,
    { provide: DiceRoller, useClass: FairDiceRoller },
  ],
  exports: [MatchesRepository, MatchStore, MatchesService],
})
export class MatchesModule {}
