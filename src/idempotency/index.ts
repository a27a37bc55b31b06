/**
 * The idempotency module's face (docs/architecture.md, "API conventions"): the Idempotency-Key
 * interceptor, the request's idempotency context, and the statements that store a first answer in
 * the transaction of the work it answers for (the owner's SQL, which the matches' write runs).
 * Code outside src/idempotency imports from this file only (src/architecture.spec.ts checks it).
 */
export { IdempotencyModule } from './idempotency.module.js';
export { IdempotencyInterceptor } from './idempotency.interceptor.js';
export { IdempotencyContext, type IdempotentAnswer } from './idempotency-context.js';
export { IdempotencyKeyInUseError } from './idempotency.errors.js';
export { answerParams, heldKeySql, numberedAnswer, storeAnswerSql } from './idempotency.repository.js';
export { idempotentAnswerApplier, type IdempotentAnswerEffect } from './idempotent-answer.effect.js';
