import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { Environment } from './config/environment.js';
import { buildOpenApiDocument } from './openapi.js';

/** Request headers a browser app may send cross-origin: the bearer token, JSON, and the matches' concurrency headers. */
const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'If-Match', 'Idempotency-Key', 'X-Request-Id'];
/** Response headers a browser app may read beyond the CORS-safelisted ones. */
const CORS_EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After', 'ETag'];

/** What main.ts and the e2e tests both do to a created app before it listens. */
export function setUpApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('trust proxy', config.get('TRUST_PROXY', { infer: true }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        // Swagger UI at /docs loads its scripts and styles from this origin (helmet's defaults allow that);
        // the service speaks plain HTTP behind whatever terminates TLS, so its pages must not demand https.
        directives: { 'upgrade-insecure-requests': null },
      },
    }),
  );
  const origins = config.get('CORS_ORIGINS', { infer: true });
  if (origins === '*' || origins.length > 0) {
    app.enableCors({
      origin: origins,
      allowedHeaders: CORS_ALLOWED_HEADERS,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      maxAge: 600,
    });
  }
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
  });
  return app;
}
