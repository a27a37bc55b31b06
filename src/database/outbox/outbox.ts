import { Injectable } from '@nestjs/common';
import type { SqlClient } from '../sql-client.js';
import { OutboxConsumer } from './outbox-consumer.js';
import type { OutboxSubscriber } from './outbox-message.js';
import { OutboxRepository } from './outbox.repository.js';

export type { OutboxAcknowledge, OutboxMessage, OutboxSubscriber } from './outbox-message.js';
export type { OutboxConsumer } from './outbox-consumer.js';

/**
 * The outbox (docs/architecture.md, "The outbox"): producers publish messages in their own
 * transaction; each subscriber gets its consumer, which takes its messages with a lease.
 */
@Injectable()
export class Outbox {
  constructor(private readonly repository: OutboxRepository) {}

  /** Publishes a message of `type` about each of `keys`, in the producer's transaction `tx`, available from `at` (now by default). */
  publish(tx: Pick<SqlClient, 'query'>, type: string, keys: readonly string[], at?: Date): Promise<void> {
    return this.repository.publish(tx, type, keys, at);
  }

  /** The consumer serving `subscriber` on this node. */
  consumer(subscriber: OutboxSubscriber): OutboxConsumer {
    return new OutboxConsumer(this.repository, subscriber);
  }
}
