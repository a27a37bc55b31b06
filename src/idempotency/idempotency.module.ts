import { Module } from '@nestjs/common';
import { IdempotencyKeyPurger } from './idempotency-key-purger.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IdempotencyRepository } from './idempotency.repository.js';

/**
 * Idempotency-Key support for POST routes: import the module and put
 * `@UseInterceptors(IdempotencyInterceptor)` on a controller guarded by
 * BearerAuthGuard (Nest builds the interceptor in the controller's module,
 * from the repository exported here and the global Clock), or register it app-wide.
 * Keys are kept 24 hours (IDEMPOTENCY_KEY_RETENTION_MS) and purged hourly.
 */
@Module({
  providers: [IdempotencyRepository, IdempotencyInterceptor, IdempotencyKeyPurger],
  exports: [IdempotencyRepository, IdempotencyInterceptor],
})
export class IdempotencyModule {}
