import { ConfigService } from '@nestjs/config';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { Environment } from './config/environment.js';
import { buildOpenApiDocument } from './openapi.js';
import { serveWebAssets } from './web-client/index.js';
import { loadProblemTexts } from './common/problem-texts/index.js';

/** Request headers a browser app may send cross-origin: the bearer token, JSON, and the matches' concurrency headers. */
const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'If-Match', 'Idempotency-Key', 'X-Request-Id'];
/** Response headers a browser app may read beyond the CORS-safelisted ones. */
const CORS_EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After', 'ETag'];
/** The methods a preflight allows: every one (the API's routes need GET, POST and PATCH). */
const CORS_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'];

/**
 * What main.ts and the e2e tests both do to an app created on createHttpAdapter()
 * (src/http-adapter.ts, which holds the security headers, the trusted proxies and
 * the body parsing) before it starts.
 */
export function setUpApp(app: NestFastifyApplication): NestFastifyApplication {
  // The problems' words in every language: a broken catalog stops the service here, not at its first error.
  loadProblemTexts();
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  app.useLogger(app.get(Logger));
  const origins = config.get('CORS_ORIGINS', { infer: true });
  if (origins === '*' || origins.length > 0) {
    app.enableCors({
      origin: origins,
      // Lists as comma-separated values without spaces, and every OPTIONS request answered as a preflight.
      methods: CORS_METHODS.join(','),
      allowedHeaders: CORS_ALLOWED_HEADERS.join(','),
      exposedHeaders: CORS_EXPOSED_HEADERS.join(','),
      maxAge: 600,
      strictPreflight: false,
    });
  }
  serveWebAssets(app);
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
  });
  return app;
}
