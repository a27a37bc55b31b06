/**
 * The closing of an account, as notifications take it (docs/accounts.md, "Closing"): the users
 * module publishes `account.closed` in the statement that closes the account, and this subscriber
 * of the outbox (`notifications.account-closed`) deletes the account's e-mail address, push
 * subscriptions and webhooks, in a transaction that acknowledges the messages. Notifications stand
 * above accounts and users, which cannot call them: the outbox carries the closing down to them
 * durably (a node that dies leaves the message to another), within the fallback poll's few seconds
 * at most (BACKGROUND_JOBS.notificationRelaysPoll).
 */
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  Outbox,
  type OutboxAcknowledge,
  type OutboxConsumer,
  type OutboxMessage,
  type OutboxSubscriber,
} from '../../database/outbox/outbox.js';
import { AccountErasureRepository } from './account-erasure.repository.js';

@Injectable()
export class AccountEraser implements OutboxSubscriber, OnModuleDestroy {
  readonly name = 'notifications.account-closed';
  readonly batch = 50;
  readonly retrySeconds = 5;
  private readonly logger = new Logger(AccountEraser.name);
  private readonly consumer: OutboxConsumer;

  constructor(
    private readonly repository: AccountErasureRepository,
    outbox: Outbox,
  ) {
    this.consumer = outbox.consumer(this);
  }

  /** Takes the closings waiting, until none is left. */
  readonly wake = (): void => {
    void this.consumer.wake();
  };

  async onModuleDestroy(): Promise<void> {
    await this.consumer.stop();
  }

  async handle(messages: readonly OutboxMessage[], acknowledge: OutboxAcknowledge): Promise<void> {
    await this.repository.transaction(async (tx) => {
      const erased = await this.repository.erase(
        messages.map((m) => m.key),
        tx,
      );
      await acknowledge(messages, tx);
      if (erased > 0) this.logger.log(`Erased ${erased} addresses of ${messages.length} closed account(s)`);
    });
  }
}
