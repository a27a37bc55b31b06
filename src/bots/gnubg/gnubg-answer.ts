/**
 * GNU Backgammon's answer line read as a house bot's decision (docs/bots.md
 * "GNU Backgammon as a bot"). A play must be exactly one of the legal plays
 * the match offers now, so that the action the decision becomes cannot be
 * refused; anything else is a `bad-answer`, which the bot's worker retries
 * rather than playing something gnubg did not choose.
 */
import {
  positionFor,
  positionsEqual,
  tryParseMoveText,
  validatePlay,
  type BotDecision,
  type Colour,
  type MatchState,
} from '../../engine/index.js';
import type { GnubgQuestion } from './gnubg-request.js';
import { GnubgError } from './gnubg.errors.js';

/** What `colour` does in `state`, read from gnubg's `answer` to `question`. Throws GnubgError `bad-answer`. */
export function decisionFromAnswer(
  state: MatchState,
  colour: Colour,
  question: GnubgQuestion,
  answer: string,
): BotDecision {
  const bad = (why: string): never => {
    throw new GnubgError('bad-answer', `gnubg answered ${JSON.stringify(answer)} to a ${question} question: ${why}`);
  };
  const word = answer.trim().toLowerCase();
  if (word.startsWith('error')) bad('an error');
  const { phase } = state;
  switch (question) {
    case 'double':
      if (word === 'double') return { kind: 'double' };
      if (word === 'roll') return { kind: 'roll' };
      return bad('not double or roll');
    case 'take':
      if (word === 'take') return { kind: 'take' };
      if (word === 'drop') return { kind: 'drop' };
      // gnubg beavers by its own setting; where the match allows no beaver, beavering says taking is right.
      if (word === 'beaver')
        return phase.kind === 'cube-response' && phase.mayBeaver ? { kind: 'beaver' } : { kind: 'take' };
      return bad('not take, drop or beaver');
    case 'resignation':
      if (word === 'accept') return { kind: 'accept-resignation' };
      if (word === 'reject') return { kind: 'reject-resignation' };
      return bad('not accept or reject');
    case 'play': {
      if (phase.kind !== 'play') return bad(`the match is not waiting for a play (${phase.kind})`);
      const parsed = tryParseMoveText(answer);
      if (!parsed.ok) return bad(parsed.message);
      // The text, not the parsed list: gnubg's steps need not come in an order that is legal step by step.
      const checked = validatePlay(state.config.variant, positionFor(state, colour), phase.dice, answer);
      if (!checked.ok) return bad(checked.message);
      const legal = phase.plays.find((play) => positionsEqual(play.position, checked.play.position));
      return legal === undefined ? bad('not one of the legal plays') : { kind: 'play', moves: legal.moves };
    }
  }
}
