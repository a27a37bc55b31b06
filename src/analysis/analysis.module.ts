import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { gnubgSettings } from '../bots/index.js';
import type { Environment } from '../config/environment.js';
import { MatchesModule } from '../matches/index.js';
import { SecurityModule } from '../security/index.js';
import type { AnalysisSettings } from './analysis-engines.js';
import { AnalysisJobs } from './analysis-jobs.js';
import { ANALYSIS_SETTINGS, AnalysisRunner } from './analysis-runner.js';
import { AnalysisController } from './analysis.controller.js';
import { AnalysisRepository } from './analysis.repository.js';
import { AnalysisService } from './analysis.service.js';
import { NetAnalysisPool } from './net-analysis-pool.js';

/** Finished matches analysed (docs/analysis.md): the API, the job queue and the engines' runners. */
@Module({
  imports: [MatchesModule, SecurityModule],
  controllers: [AnalysisController],
  providers: [
    {
      provide: ANALYSIS_SETTINGS,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>): AnalysisSettings => ({
        gnubg: gnubgSettings(config).binary,
        gnubgPlies: config.get('ANALYSIS_GNUBG_PLIES', { infer: true }),
        netPlies: config.get('ANALYSIS_NET_PLIES', { infer: true }) === 0 ? 0 : 1,
        timeoutMs: config.get('ANALYSIS_TIMEOUT_SECONDS', { infer: true }) * 1000,
        queueLimit: config.get('ANALYSIS_QUEUE_LIMIT', { infer: true }),
        queuePerAccount: config.get('ANALYSIS_QUEUE_PER_ACCOUNT', { infer: true }),
      }),
    },
    AnalysisRepository,
    AnalysisRunner,
    AnalysisJobs,
    AnalysisService,
    NetAnalysisPool,
  ],
})
export class AnalysisModule {}
