import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { validateEnvironment } from '../../config/environment.js';
import { DatabaseModule } from '../../database/database.module.js';
import { MatchesRepository } from './matches.repository.js';
import { ReplayCheckRepository } from './replay-check.repository.js';
import { ReplayVerifier } from './replay-verifier.js';

/**
 * `npm run verify:replay`: replays every match of the database (DATABASE_URL,
 * or the embedded one under DATA_DIR, configured as the server is) and
 * compares it with its projection (see replay-verifier.ts for what is
 * compared). Prints one JSON line `{matches, events, differences}` and exits
 * 1 when there is any difference, 0 when there is none, 2 when it could not
 * check. It repairs nothing. Like the server, it applies pending migrations
 * when it opens the database.
 *
 * Its context holds the database and the verifier only (not the AppModule:
 * matches/ may not import the composition root, which imports matches/).
 */
@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, validate: (raw) => validateEnvironment(raw) }),
    DatabaseModule,
  ],
  providers: [MatchesRepository, ReplayCheckRepository, ReplayVerifier],
})
class VerifyReplayModule {}

let exitCode = 2;
try {
  const context = await NestFactory.createApplicationContext(VerifyReplayModule, {
    logger: false,
    abortOnError: false,
  });
  try {
    const report = await context.get(ReplayVerifier).verifyAll();
    process.stdout.write(`${JSON.stringify(report)}\n`);
    exitCode = report.differences.length > 0 ? 1 : 0;
  } finally {
    await context.close();
  }
} catch (err) {
  process.stderr.write(`verify:replay: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
}
process.exit(exitCode);
