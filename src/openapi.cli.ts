import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { Environment } from './config/environment.js';
import { createHttpAdapter } from './http-adapter.js';
import { buildOpenApiDocument, sortKeysDeep } from './openapi.js';

/** `npm run openapi`: writes the app's OpenAPI document, keys sorted, to openapi.json (test/openapi.e2e-spec.ts keeps them equal). */
const dataDir = mkdtempSync(join(tmpdir(), 'nardy-openapi-'));
try {
  // Preview mode scans modules and controllers without instantiating providers: no database is opened.
  const app = await NestFactory.create(
    AppModule.forRoot({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }),
    createHttpAdapter(new Environment()),
    {
      preview: true,
      logger: false,
      bodyParser: false,
    },
  );
  const file = new URL('../openapi.json', import.meta.url);
  writeFileSync(file, JSON.stringify(sortKeysDeep(buildOpenApiDocument(app)), null, 2) + '\n');
  await app.close();
  process.stdout.write(`wrote ${file.pathname}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
