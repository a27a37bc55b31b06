import { randomUUID } from 'node:crypto';
import { Outbox, type OutboxMessage, type OutboxSubscriber } from '../../src/database/outbox/outbox.js';
import { SqlClient } from '../../src/database/sql-client.js';
import { useMediumApp } from './medium-app.js';

/**
 * The outbox (docs/architecture.md, "The outbox") on a real database: a message goes to the
 * subscribers of its type, one row per subscriber and key; the consumer takes rows with a lease,
 * deletes the acknowledged ones unless renewed meanwhile, and holds the others for the retry time.
 */
const m = useMediumApp([]);
const outbox = m.provider(Outbox);
const sql = m.provider(SqlClient);

/** A type with one subscriber in the migrations' subscriptions, and that subscriber. */
const TYPE = 'tournament.step-due';
const CONSUMER = 'tournaments.step';

const rows = (key: string) =>
  sql.query<{ consumer: string; held: boolean }>(
    `SELECT consumer, taken_until > clock_timestamp() AS held FROM outbox WHERE key = $1`,
    [key],
  );

/** A subscriber of CONSUMER that does `work` on each message it is given, and records them. */
function subscriber(
  work: (message: OutboxMessage) => boolean | Promise<boolean>,
): OutboxSubscriber & { seen: string[] } {
  const seen: string[] = [];
  return {
    name: CONSUMER,
    batch: 10,
    retrySeconds: 60,
    wake: () => undefined,
    seen,
    handle: async (messages, acknowledge) => {
      for (const message of messages) {
        seen.push(message.key);
        if (await work(message)) await acknowledge([message]);
      }
    },
  };
}

beforeEach(async () => {
  await sql.query(`DELETE FROM outbox`);
});

describe('publishing', () => {
  it('writes a row per subscriber and key, a newer message renewing it; a type nobody hears writes nothing', async () => {
    const key = randomUUID();
    await sql.transaction((tx) => outbox.publish(tx, TYPE, [key, key]));
    await sql.transaction((tx) => outbox.publish(tx, TYPE, [key]));
    expect(await rows(key)).toEqual([{ consumer: CONSUMER, held: null }]);
    await sql.transaction((tx) => outbox.publish(tx, 'nobody.listens', [randomUUID()]));
    expect(await sql.query(`SELECT 1 FROM outbox`)).toHaveLength(1);
  });

  it('writes nothing when the producer’s transaction rolls back', async () => {
    const key = randomUUID();
    await expect(
      sql.transaction(async (tx) => {
        await outbox.publish(tx, TYPE, [key]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows(key)).toEqual([]);
  });
});

describe('consuming', () => {
  it('deletes what was acknowledged, and holds what failed for the retry time', async () => {
    const [done, failed] = [randomUUID(), randomUUID()];
    await sql.transaction((tx) => outbox.publish(tx, TYPE, [done, failed]));
    const s = subscriber((message) => message.key === done);
    const consumer = outbox.consumer(s);
    expect(await consumer.pass()).toBe(2);
    expect(await rows(done)).toEqual([]);
    expect(await rows(failed)).toEqual([{ consumer: CONSUMER, held: true }]);
    // Held: neither this consumer nor another takes it again before the retry time.
    expect(await outbox.consumer(subscriber(() => true)).pass()).toBe(0);
    await consumer.stop();
  });

  it('keeps a row renewed by a newer message while it was worked on, free to take again', async () => {
    const key = randomUUID();
    await sql.transaction((tx) => outbox.publish(tx, TYPE, [key]));
    const consumer = outbox.consumer(
      subscriber(async () => {
        await sql.transaction((tx) => outbox.publish(tx, TYPE, [key]));
        return true;
      }),
    );
    expect(await consumer.pass()).toBe(1);
    expect(await rows(key)).toEqual([{ consumer: CONSUMER, held: null }]);
    await consumer.stop();
  });

  it('gives each row to one of two consumers taking at once', async () => {
    const keys = Array.from({ length: 8 }, () => randomUUID());
    await sql.transaction((tx) => outbox.publish(tx, TYPE, keys));
    const [a, b] = [subscriber(() => true), subscriber(() => true)];
    await Promise.all([outbox.consumer(a).pass(), outbox.consumer(b).pass()]);
    expect([...a.seen, ...b.seen].sort()).toEqual([...keys].sort());
    expect(await sql.query(`SELECT 1 FROM outbox`)).toEqual([]);
  });

  it('acknowledges in the subscriber’s transaction: a rollback leaves the row', async () => {
    const key = randomUUID();
    await sql.transaction((tx) => outbox.publish(tx, TYPE, [key]));
    const consumer = outbox.consumer({
      ...subscriber(() => true),
      handle: (messages, acknowledge) =>
        sql.transaction(async (tx) => {
          await acknowledge(messages, tx);
          throw new Error('the decision failed');
        }),
    });
    expect(await consumer.pass()).toBe(1);
    expect(await rows(key)).toEqual([{ consumer: CONSUMER, held: true }]);
    await consumer.stop();
  });
});
