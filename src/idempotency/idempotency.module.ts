import { Module } from '@nestjs/common';
import { IdempotencyContext } from './idempotency-context.js';
import { IdempotencyKeyPurger } from './idempotency-key-purger.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IdempotencyRepository } from './idempotency.repository.js';

/**
 * Idempotency-Key support for POST routes: import the module and put
 * `@UseInterceptors(IdempotencyInterceptor)` on a controller guarded by
 * BearerAuthGuard (Nest builds the interceptor in the controller's module,
 * from the repository exported here and the global Clock), or register it app-wide.
 * Keys are kept 24 hours (IDEMPOTENCY_KEY_RETENTION_MS) and purged hourly.
 * A use case that writes asks IdempotencyContext for the answer to store in
 * the statement that writes its effect (the repository composes heldKeySql
 * and storeAnswerSql into it).
 */
@Module({
  providers: [IdempotencyRepository, IdempotencyInterceptor, IdempotencyKeyPurger, IdempotencyContext],
  exports: [IdempotencyRepository, IdempotencyInterceptor, IdempotencyContext],
})
export class IdempotencyModule {}
