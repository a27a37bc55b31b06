import type { BotDecision } from '../engine/index.js';
import type { MatchAction } from '../matches/index.js';

/** The match action a bot's decision is: the one a person POSTs for it (docs/bots.md). */
export function actionFor(decision: BotDecision): MatchAction {
  switch (decision.kind) {
    case 'play':
      return { name: 'plays', moves: decision.moves };
    case 'accept-resignation':
      return { name: 'resignation/accept' };
    case 'reject-resignation':
      return { name: 'resignation/reject' };
    default:
      return { name: decision.kind };
  }
}
