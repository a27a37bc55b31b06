import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';

/** The Idempotency-Key reservation a request holds while it runs (docs/architecture.md, "API conventions"). */
export interface HeldKey {
  readonly userId: string;
  readonly key: string;
  /** When the reservation was made: it names this request's hold on the key (a later takeover gets another). */
  readonly reservedAt: Date;
  /** The status the route answers with on success. */
  readonly statusCode: number;
}

/** The answer of a request holding a key, to be stored by the same statement that writes its effect. */
export interface IdempotentAnswer extends HeldKey {
  readonly response: unknown;
}

/**
 * Which key, if any, the request being handled holds. IdempotencyInterceptor
 * runs the handler inside `hold`; a use case that writes its effect asks
 * `answer` for what to store with it, and hands that to its repository, which
 * stores the answer in the statement that writes the effect. So the effect
 * and the key's answer commit together: a crash between them cannot leave an
 * effect whose retry is not answered by a replay.
 */
@Injectable()
export class IdempotencyContext {
  private readonly held = new AsyncLocalStorage<HeldKey>();

  hold<T>(key: HeldKey, run: () => T): T {
    return this.held.run(key, run);
  }

  /**
   * Runs `run` outside the request's key: work a request does on others' behalf (an account's
   * departure acting on its matches, docs/accounts.md) stores no answer of its own under the key.
   */
  outside<T>(run: () => T): T {
    return this.held.exit(run);
  }

  /** The answer `response` to store with the effect, when the request holds a key; null otherwise. */
  answer(response: unknown): IdempotentAnswer | null {
    const held = this.held.getStore();
    return held === undefined ? null : { ...held, response };
  }
}
