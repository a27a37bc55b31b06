import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AccountExportModule } from './account-export/index.js';
import { AccountsModule } from './accounts/index.js';
import { ModerationModule } from './moderation/index.js';
import { AuthModule } from './auth/auth.module.js';
import { AnalysisModule } from './analysis/index.js';
import { BackgroundModule } from './background/background.module.js';
import { TournamentsModule } from './tournaments/index.js';
import { BotsModule } from './bots/bots.module.js';
import { ClockModule } from './common/clock.module.js';
import { CommunityModule } from './community/index.js';
import { loggerParams } from './common/logging.js';
import { ProblemDetailsFilter } from './common/problem-details.filter.js';
import { createValidationPipe } from './common/validation.js';
import { type Environment, validateEnvironment } from './config/environment.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { InterchangeModule } from './interchange/interchange.module.js';
import { MatchesModule } from './matches/index.js';
import { NotificationsModule } from './notifications/index.js';
import { PicturesModule } from './pictures/pictures.module.js';
import { PositionsModule } from './positions/positions.module.js';
import { UsersModule } from './users/users.module.js';
import { WebClientModule } from './web-client/index.js';

@Module({})
export class AppModule {
  /**
   * The whole service. `overrides` take precedence over the process
   * environment (tests run several differently configured apps in one process).
   */
  static forRoot(overrides: Readonly<Record<string, string | undefined>> = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          validate: (raw) => validateEnvironment({ ...raw, ...overrides }),
        }),
        LoggerModule.forRootAsync({
          inject: [ConfigService],
          useFactory: (config: ConfigService<Environment, true>) =>
            loggerParams(config.get('LOG_LEVEL', { infer: true })),
        }),
        DatabaseModule,
        BackgroundModule,
        HealthModule,
        UsersModule,
        AuthModule,
        PositionsModule,
        ClockModule,
        MatchesModule,
        InterchangeModule,
        PicturesModule,
        BotsModule,
        AnalysisModule,
        TournamentsModule,
        CommunityModule,
        AccountsModule,
        ModerationModule,
        NotificationsModule,
        AccountExportModule,
        WebClientModule,
      ],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
      ],
    };
  }
}
