/**
 * The request's Idempotency-Key answer as an effect of a versioned append (docs/architecture.md,
 * "API conventions" and "The versioned-log writer"): stored by the append's own statement, which
 * writes anything only while the request still holds its key; IdempotencyKeyInUseError, with
 * nothing written, when it no longer does (a retry took the reservation over).
 */
import type { EffectApplier } from '../database/versioned-log/log-stream.js';
import type { IdempotentAnswer } from './idempotency-context.js';
import { IdempotencyKeyInUseError } from './idempotency.errors.js';
import { addedAnswer, heldKeySql, storeAnswerSql } from './idempotency.repository.js';

export interface IdempotentAnswerEffect {
  readonly kind: 'idempotent-answer';
  readonly answer: IdempotentAnswer;
  /** Whether what the statement decided (its stream's `decided`) is written over the answer's members. */
  readonly withDecided: boolean;
}

export const idempotentAnswerApplier: EffectApplier<IdempotentAnswerEffect> = {
  shape: (effect) => (effect.withDecided ? 'decided' : ''),
  fragment(effect, params, { decided }) {
    const placeholders = addedAnswer(params, effect.answer);
    return {
      before: [heldKeySql(placeholders)],
      where: ['EXISTS (SELECT 1 FROM held)'],
      after: [storeAnswerSql(placeholders, 'head', effect.withDecided ? decided : null)],
      returns: ['EXISTS (SELECT 1 FROM held) AS held'],
    };
  },
  refusal: (row) => (row.held === true ? null : new IdempotencyKeyInUseError()),
};
