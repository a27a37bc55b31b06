import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import { HealthCheck, type HealthCheckResult } from '@nestjs/terminus';
import { ApiProblems } from '../common/api-problems.decorator.js';
import { HealthStatusDto, IndicatorStatusDto } from './health-status.dto.js';
import { HealthService } from './health.service.js';
import { ApiPublic } from '../common/api-public.decorator.js';
import { ApiRoute } from '../common/api-route.decorator.js';

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
  @ApiRoute({
    summary: 'Liveness: the process is up and serving',
    operationId: 'liveness',
    description: '200 while the process serves requests; the database is not consulted (GET /health/ready is).',
    ok: { type: HealthStatusDto, description: 'Alive.' },
  })
  liveness(): Promise<HealthCheckResult> {
    return this.health.liveness();
  }

  @Get('ready')
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiRoute({
    summary: 'Readiness: the database answers',
    operationId: 'readiness',
    description:
      '200 when the database answers a query; 503 problem+json, naming the failing check, when it does not. For load balancers deciding where to send traffic.',
    ok: { type: HealthStatusDto, description: 'Ready.' },
    problems: [[503, 'The database does not answer (`service-unavailable`).']],
  })
  readiness(): Promise<HealthCheckResult> {
    return this.health.readiness();
  }
}
