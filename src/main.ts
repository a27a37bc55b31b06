import 'reflect-metadata';
import { networkInterfaces } from 'node:os';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { flushLogs } from './common/logging.js';
import { EnvironmentError, validateEnvironment } from './config/environment.js';

async function main(): Promise<void> {
  const started = performance.now();
  const { AppModule } = await import('./app.module.js');
  const { setUpApp } = await import('./app-setup.js');
  const { createHttpAdapter } = await import('./http-adapter.js');
  // The app validates the same environment again; the HTTP layer needs its settings before the app exists.
  const adapter = createHttpAdapter(validateEnvironment(process.env));
  const app = setUpApp(
    await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(), adapter, {
      bufferLogs: true,
      bodyParser: false,
    }),
  );
  const port = app.get(ConfigService).getOrThrow<number>('PORT');
  await app.listen(port, anyAddress());
  const logger = app.get((await import('nestjs-pino')).Logger);
  exitGracefullyOn(['SIGTERM', 'SIGINT'], app, logger);
  logger.log(
    `Listening on port ${port}; Swagger UI at /docs; ready in ${Math.round(performance.now() - started)} ms`,
    'Main',
  );
}

/**
 * Every address of the host, as Node.js listens by default: IPv6 and IPv4
 * (`::`, dual-stack) where the host has IPv6, else every IPv4 address.
 */
function anyAddress(): string {
  const ipv6 = Object.values(networkInterfaces()).some((addresses) => addresses?.some((a) => a.family === 'IPv6'));
  return ipv6 ? '::' : '0.0.0.0';
}

/**
 * On the first of `signals`: stop accepting connections, finish the requests
 * in flight, run the shutdown hooks (which close the database), write out the
 * last log lines, and exit 0; exit 1 when the shutdown fails. Repeated
 * signals (`npm start` forwards Ctrl-C to a process that got it already) do
 * not interrupt it. The process exits rather than re-raising the signal: as
 * PID 1 of a container it would ignore its own SIGTERM.
 */
function exitGracefullyOn(signals: NodeJS.Signals[], app: INestApplication, logger: LoggerService): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: finishing the requests in flight, then stopping`, 'Main');
    let exitCode = 0;
    try {
      await app.close();
    } catch (err: unknown) {
      logger.error('Shutdown failed', err instanceof Error ? err.stack : String(err), 'Main');
      exitCode = 1;
    }
    await flushLogs();
    process.exit(exitCode);
  };
  for (const signal of signals) process.on(signal, (received) => void stop(received));
}

main().catch((err: unknown) => {
  if (err instanceof EnvironmentError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
