import { Injectable, Logger } from '@nestjs/common';
import {
  HealthCheckService,
  HealthIndicatorService,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { HealthRepository } from './health.repository.js';

const DATABASE_TIMEOUT_MS = 3000;

/** The reason a client sees; the driver's error (SQL state, database name...) goes to the log only. */
export const DATABASE_DOWN = 'The database does not answer.';

/** Liveness and readiness, as @nestjs/terminus health checks (a failed one becomes a 503). */
@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly repository: HealthRepository,
  ) {}

  liveness(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  readiness(): Promise<HealthCheckResult> {
    return this.health.check([() => this.database()]);
  }

  private async database(): Promise<HealthIndicatorResult<'database'>> {
    const result = await this.indicators
      .check('database')
      .attempt(() => this.repository.ping())
      .withTimeout(DATABASE_TIMEOUT_MS);
    if (result.database.status === 'up') return result;
    this.logger.error({ check: result.database }, 'Readiness: the database does not answer');
    return this.indicators.check('database').down({ message: DATABASE_DOWN });
  }
}
