import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/** The OpenAPI document of the running app. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Nardy service')
    .setDescription(
      'Backgammon (short nardy) and long nardy over HTTP: users, matches, moves, cube and match scoring. ' +
        'Every error is application/problem+json (RFC 9457) with a stable `code`.',
    )
    .setVersion('0.1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'From POST /api/auth/token.' })
    .build();
  return SwaggerModule.createDocument(app, config, { operationIdFactory: (_c, method) => method });
}

/** Keys in a stable order, so the committed openapi.json diffs cleanly. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeysDeep((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
