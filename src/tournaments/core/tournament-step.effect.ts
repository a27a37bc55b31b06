/**
 * The mark of a tournament for a step (tournament-progress.ts), as an effect of the append after
 * which matches or forfeits are due (docs/tournaments.md, "The log"): written in the append's
 * statement, so a change that makes a step due cannot commit without its mark. The relay
 * (tournament-relay.ts) takes the marked tournaments.
 */
import type { EffectApplier } from '../../database/versioned-log/log-stream.js';

export interface TournamentStepEffect {
  readonly kind: 'tournament-step';
}

export const tournamentStepApplier: EffectApplier<TournamentStepEffect> = {
  fragment: () => ({
    after: [
      `step AS (
  INSERT INTO tournament_steps (tournament_id, due_at) SELECT head.id, clock_timestamp() FROM head
  ON CONFLICT (tournament_id) DO UPDATE SET due_at = clock_timestamp(), taken_until = NULL
)`,
    ],
  }),
};
