/**
 * The mark of a tournament for a step (tournament-progress.ts), as an effect of the append after
 * which matches or forfeits are due (docs/tournaments.md, "The log"): a `tournament.step-due`
 * message published to the outbox in the append's statement, so a change that makes a step due
 * cannot commit without its mark. The relay's step taker (tournament-relay.ts) takes it.
 */
import { publishSql } from '../../database/outbox/publish-sql.js';
import type { EffectApplier } from '../../database/versioned-log/log-stream.js';

/** The message that marks a tournament for a step (docs/tournaments.md, "Progress"). */
export const STEP_DUE = 'tournament.step-due';

export interface TournamentStepEffect {
  readonly kind: 'tournament-step';
}

export const tournamentStepApplier: EffectApplier<TournamentStepEffect> = {
  // A SELECT in a WITH runs only where the statement reads it: the answer counts it.
  fragment: () => ({
    after: [`step AS (SELECT ${publishSql(STEP_DUE, 'ARRAY[head.id]')} IS NULL AS published FROM head)`],
    returns: ['(SELECT count(*) FROM step)::int AS steps_published'],
  }),
};
