import type { SqlClient } from '../sql-client.js';

/**
 * A message taken from the outbox (docs/architecture.md, "The outbox"): the last one published for
 * its key to this consumer (newer ones renew the row), and the mark it had when taken.
 */
export interface OutboxMessage {
  /** The stream it is about: a match's id, a tournament's id. */
  readonly key: string;
  readonly type: string;
  readonly payload: unknown;
  /** When it became available, as text exact to the microsecond: a newer message changes it. */
  readonly mark: string;
}

/**
 * Acknowledges messages done: their rows are deleted, unless a newer message renewed them since they
 * were taken (then they are free to take again). In `tx` when given, so that a subscriber that writes
 * its outcome in a transaction deletes the rows with it.
 */
export type OutboxAcknowledge = (messages: readonly OutboxMessage[], tx?: Pick<SqlClient, 'query'>) => Promise<void>;

/**
 * A consumer of the outbox, owned by its module: its name (the `consumer` of its subscriptions in
 * outbox_subscriptions) and what it does with the messages it is given.
 */
export interface OutboxSubscriber {
  readonly name: string;
  /** Messages taken at a time. */
  readonly batch: number;
  /** Takes at once on this node while the outbox has a backlog for it (each takes rows of its own); 1 by default. */
  readonly loops?: number;
  /** How long a message not acknowledged (its work failed) is left before it is taken again. */
  readonly retrySeconds: number;
  /** What to wake when another node's lease on a due row ends (the consumer's own drain by default). */
  readonly wake?: () => void;
  /**
   * Does the work of `messages`, acknowledging with `acknowledge` the ones done; the others are left
   * for `retrySeconds` (all of them when it throws). The leases are renewed meanwhile.
   */
  handle(messages: readonly OutboxMessage[], acknowledge: OutboxAcknowledge): Promise<void>;
}
