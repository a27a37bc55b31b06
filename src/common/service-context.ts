/**
 * The service's own long-lived work (database sessions, their listeners and
 * timers) belongs to no request (docs/architecture.md, "Logging"). The request
 * log keeps each request's logger in AsyncLocalStorage (nestjs-pino), and a
 * socket, timer or listener created while a request is served runs its
 * callbacks in that request's context: what they log would carry the id of
 * whichever request happened to open them.
 */
import { AsyncResource } from 'node:async_hooks';

/** Runs work in the async context it was made in: made at start-up, outside every request. */
export class ServiceContext {
  private readonly runner = AsyncResource.bind((work: () => unknown): unknown => work());

  /** `work` run outside the request being served (if any): what it starts and logs is the service's. */
  run<T>(work: () => T): T {
    return this.runner(work) as T;
  }

  /** `listener` that runs outside every request whenever it is called. */
  bind<A extends unknown[], R>(listener: (...args: A) => R): (...args: A) => R {
    return (...args) => this.run(() => listener(...args));
  }
}
