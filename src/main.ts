import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { EnvironmentError } from './config/environment.js';

async function main(): Promise<void> {
  const started = performance.now();
  const { AppModule } = await import('./app.module.js');
  const { setUpApp } = await import('./app-setup.js');
  const app = setUpApp(
    await NestFactory.create<NestExpressApplication>(AppModule.forRoot(), { bufferLogs: true, bodyParser: false }),
  );
  const port = app.get(ConfigService).getOrThrow<number>('PORT');
  await app.listen(port);
  app
    .get((await import('nestjs-pino')).Logger)
    .log(
      `Listening on port ${port}; Swagger UI at /docs; ready in ${Math.round(performance.now() - started)} ms`,
      'Main',
    );
}

main().catch((err: unknown) => {
  if (err instanceof EnvironmentError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
