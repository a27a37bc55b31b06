import 'reflect-metadata';
import { Injectable } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { Test, type TestingModule } from '@nestjs/testing';
import { BackgroundModule } from '../../src/background/background.module.js';
import { BackgroundJob, type ClusterJob } from '../../src/background/index.js';
import { validateEnvironment } from '../../src/config/environment.js';
import { DatabaseModule } from '../../src/database/database.module.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { onPostgres } from '../support/database-mode.js';

/**
 * The background runner (docs/architecture.md, "The background runner"): a cluster job runs about
 * once per period, whichever nodes run, and not once per node.
 */
const PERIOD_MS = 400;
const JOB: ClusterJob = {
  kind: 'cluster',
  name: 'test.background-tick',
  everyMs: () => PERIOD_MS,
  atBoot: true,
  runsOn: () => true,
  expireInSeconds: 30,
  policy: 'stately',
};

/** The job's runs, on every node of the test. */
const runs: Array<{ node: string; at: number }> = [];

function tickerOf(node: string) {
  @Injectable()
  class Ticker {
    @BackgroundJob(JOB)
    tick(): void {
      runs.push({ node, at: Date.now() });
    }
  }
  return Ticker;
}

async function startNode(db: TestDatabase, node: string): Promise<TestingModule> {
  const module = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot({
        isGlobal: true,
        ignoreEnvFile: true,
        validate: (raw) => validateEnvironment({ ...raw, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...db.env }),
      }),
      DatabaseModule,
      BackgroundModule,
    ],
    providers: [tickerOf(node)],
  }).compile();
  module.enableShutdownHooks();
  await module.init();
  return module;
}

// Two nodes on one database on PostgreSQL; one on embedded PGlite (one process holds it).
describe(`the background runner on ${onPostgres ? 'two nodes' : 'one node (PGlite)'}`, () => {
  let db: TestDatabase;
  const nodes: TestingModule[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    nodes.push(await startNode(db, 'a'));
    if (onPostgres) nodes.push(await startNode(db, 'b'));
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await db?.drop();
  });

  it('runs a cluster job about once per period, whichever node offers it', async () => {
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 12 * PERIOD_MS));
    const periods = (Date.now() - from) / PERIOD_MS;
    // Each node offers every period: without the queue keeping one offer a period, two nodes would run it twice as often.
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(periods) + 1);
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(periods / 2));
  });

  it('stops every node before the database closes, leaving no timer', async () => {
    for (const node of nodes.splice(0)) await node.close();
    const count = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 3 * PERIOD_MS));
    expect(runs.length).toBe(count);
  });
});
