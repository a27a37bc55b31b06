import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../idempotency/index.js';
import { SecurityModule } from '../security/index.js';
import { HouseBotsModule } from '../house-bots/index.js';
import { UsersModule } from '../users/index.js';
import { DiceRoller, FairDiceRoller } from './core/dice-roller.js';
import { MatchActionsController } from './http/match-actions.controller.js';
import { MatchActionsService } from './core/match-actions.service.js';
import { MatchGamesService } from './read/match-games.service.js';
import { MatchHistoryRepository } from './read/match-history.repository.js';
import { MatchHistoryService } from './read/match-history.service.js';
import { MatchListsRepository } from './read/match-lists.repository.js';
import { MatchReadsService } from './read/match-reads.service.js';
import { MatchStore } from './core/match-store.js';
import { MatchesController } from './http/matches.controller.js';
import { MatchesRepository } from './core/matches.repository.js';
import { MatchesService } from './core/matches.service.js';
import { MyMatchesController } from './http/my-matches.controller.js';
import { PlayerMatchesController } from './http/player-matches.controller.js';
import { VersusController } from './http/versus.controller.js';
import { MyStreamController } from './http/my-stream.controller.js';
import { MatchFeed } from './core/match-feed.js';
import { MatchStreamService } from './live/match-stream.service.js';
import { MatchStreamsRepository } from './live/match-streams.repository.js';
import { ReplayCheckRepository } from './core/replay-check.repository.js';
import { ReplayVerifier } from './core/replay-verifier.js';
import { MatchLimitsPolicy } from './core/match-limits.js';
import { StreamSlots } from './live/stream-slots.js';
import { LiveNotices } from './live/live-notices.js';
import { PendingDecisionsRepository } from './read/pending-decisions.repository.js';
import { OpenMatchesRepository } from './read/open-matches.repository.js';
import { AccountMatches } from './read/account-matches.js';

/** Matches and money sessions played over HTTP, every event kept (docs/architecture.md). */
@Module({
  imports: [SecurityModule, UsersModule, HouseBotsModule, IdempotencyModule],
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
    MatchReadsService,
    MatchHistoryService,
    MatchListsRepository,
    MatchHistoryRepository,
    MatchGamesService,
    MatchFeed,
    MatchStreamService,
    MatchStreamsRepository,
    StreamSlots,
    LiveNotices,
    ReplayVerifier,
    ReplayCheckRepository,
    MatchLimitsPolicy,
    PendingDecisionsRepository,
    OpenMatchesRepository,
    AccountMatches,
    { provide: DiceRoller, useClass: FairDiceRoller },
  ],
  exports: [
    MatchStore,
    MatchesService,
    MatchActionsService,
    MatchFeed,
    PendingDecisionsRepository,
    OpenMatchesRepository,
    AccountMatches,
    StreamSlots,
    StreamSlots,
    LiveNotices,
  ],
})
export class MatchesModule {}
