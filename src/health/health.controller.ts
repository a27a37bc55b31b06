import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, type HealthCheckResult } from '@nestjs/terminus';
import { ApiProblems } from '../common/api-problems.decorator.js';
import { HealthStatusDto, IndicatorStatusDto } from './health-status.dto.js';
import { HealthService } from './health.service.js';

@ApiTags('health')
@ApiExtraModels(IndicatorStatusDto)
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({ summary: 'Liveness: the process is up and serving', operationId: 'liveness' })
  @ApiOkResponse({ type: HealthStatusDto, description: 'Alive.' })
  liveness(): Promise<HealthCheckResult> {
    return this.health.liveness();
  }

  @Get('ready')
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({ summary: 'Readiness: the database answers', operationId: 'readiness' })
  @ApiOkResponse({ type: HealthStatusDto, description: 'Ready.' })
  @ApiProblems([503, 'The database does not answer (`service-unavailable`).'])
  readiness(): Promise<HealthCheckResult> {
    return this.health.readiness();
  }
}
