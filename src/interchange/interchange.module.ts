import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../idempotency/index.js';
import { MatchesModule } from '../matches/index.js';
import { SecurityModule } from '../security/index.js';
import { InterchangeController } from './interchange.controller.js';
import { ImportPool } from './import-pool.js';
import { InterchangeService } from './interchange.service.js';
import { ImportsRepository } from './imports.repository.js';

/** Matches as files: .mat (Jellyfish, as gnubg reads it) and JSON export, and their import (docs/architecture.md). */
@Module({
  imports: [MatchesModule, SecurityModule, IdempotencyModule],
  controllers: [InterchangeController],
  providers: [InterchangeService, ImportsRepository, ImportPool],
})
export class InterchangeModule {}
