import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, type HealthCheckResult } from '@nestjs/terminus';
import { ApiProblems } from '../common/api-problems.decorator.js';
import { HealthStatusDto, IndicatorStatusDto } from './health-status.dto.js';
import { HealthService } from './health.service.js';
import { ApiPublic } from '../common/api-public.decorator.js';

/** The health routes have no client errors of their own; this one the server answers on any path. */
const UNREADABLE_REQUEST: [number, string] = [
  400,
  'A request line whose path is not valid percent-encoding (`bad-request`), refused before routing.',
];

@ApiTags('health')
@ApiExtraModels(IndicatorStatusDto)
@ApiPublic()
@ApiProblems(UNREADABLE_REQUEST)
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({
    summary: 'Liveness: the process is up and serving',
    operationId: 'liveness',
    description: '200 while the process serves requests; the database is not consulted (GET /health/ready is).',
  })
  @ApiOkResponse({ type: HealthStatusDto, description: 'Alive.' })
  liveness(): Promise<HealthCheckResult> {
    return this.health.liveness();
  }

  @Get('ready')
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({
    summary: 'Readiness: the database answers',
    operationId: 'readiness',
    description:
      '200 when the database answers a query; 503 problem+json, naming the failing check, when it does not. For load balancers deciding where to send traffic.',
  })
  @ApiOkResponse({ type: HealthStatusDto, description: 'Ready.' })
  @ApiProblems([503, 'The database does not answer (`service-unavailable`).'])
  readiness(): Promise<HealthCheckResult> {
    return this.health.readiness();
  }
}
