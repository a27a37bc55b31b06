import { Module } from '@nestjs/common';
import { HouseBotsModule } from '../house-bots/index.js';
import { MatchesModule } from '../matches/index.js';
import { SecurityModule } from '../security/index.js';
import { UsersModule } from '../users/index.js';
import { TournamentProgress } from './core/tournament-progress.js';
import { TournamentRelay } from './core/tournament-relay.js';
import { TournamentWriter } from './core/tournament-writer.js';
import { TournamentsRepository } from './core/tournaments.repository.js';
import { TournamentsService } from './core/tournaments.service.js';
import { OpenEntriesRepository } from './core/open-entries.repository.js';
import { TournamentsController } from './http/tournaments.controller.js';
import { TournamentStream } from './live/tournament-stream.js';

/** Tournaments (docs/tournaments.md), built on the matches module's face. */
@Module({
  imports: [MatchesModule, SecurityModule, UsersModule, HouseBotsModule],
  controllers: [TournamentsController],
  providers: [
    TournamentsRepository,
    TournamentWriter,
    TournamentsService,
    TournamentProgress,
    TournamentRelay,
    TournamentStream,
    OpenEntriesRepository,
  ],
  exports: [TournamentsService, OpenEntriesRepository],
})
export class TournamentsModule {}
