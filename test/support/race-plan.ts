import {
  apply,
  legalPlays,
  newMatch,
  positionFor,
  type Die,
  type GameOutcome,
  type MatchEvent,
  type MatchState,
  type Move,
  type NewMatchOptions,
  type Play,
  type SideBoard,
} from '../../src/engine/index.js';
import type { ScriptedThrow } from './scripted-dice.js';

/**
 * A lopsided first game, planned on the engine so that a test can play it
 * over HTTP with scripted dice: white picks, for each of its rolls, the dice
 * and the play that bring its checkers home fastest; black always rolls 2-1
 * and keeps its checkers back (backgammon: in white's home, B6; long nardy: on
 * its head, N7), so the game ends by bearing off with a gammon/backgammon
 * (mars/koks). The plan is only a route: the tests judge the result by the
 * rules, not by the plan.
 */
export interface RacePlan {
  /** Every throw of the game in roll-index order, the opening throw first ([white, black]). */
  readonly throws: readonly ScriptedThrow[];
  /** The plays in order, each as the mover's moves. */
  readonly plays: readonly (readonly Move[])[];
  /** The engine's outcome and final board of the planned game. */
  readonly outcome: GameOutcome;
  readonly final: MatchState;
}

const PAIRS: readonly ScriptedThrow[] = (() => {
  const pairs: ScriptedThrow[] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) pairs.push([a as Die, b as Die]);
  return pairs;
})();

const pips = (side: SideBoard): number => side.points.reduce((sum, n, i) => sum + n * (i + 1), side.bar * 25);

/** Black's preference: nothing borne off, the most checkers kept back, the least distance run. */
function blackScore(variant: NewMatchOptions['variant'], play: Play): number {
  const me = play.position.player;
  const back = variant === 'backgammon' ? me.points.slice(18).reduce((a, b) => a + b, 0) + me.bar : me.points[23];
  return me.off * 10_000 - back * 100 - pips(me) + (variant === 'backgammon' ? play.position.opponent.bar * 1000 : 0);
}

export function planRace(options: NewMatchOptions, opening: ScriptedThrow = [6, 5]): RacePlan {
  let state = newMatch(options);
  const step = (event: MatchEvent): void => {
    const result = apply(state, event);
    if (!result.ok) throw new Error(`race plan: ${event.type} refused (${result.reason}: ${result.message})`);
    state = result.state;
  };
  step({ type: 'join', colour: 'white' });
  step({ type: 'join', colour: 'black' });
  const throws: ScriptedThrow[] = [opening];
  const plays: (readonly Move[])[] = [];
  step({ type: 'opening-roll', white: opening[0], black: opening[1] });
  for (let guard = 0; state.phase.kind !== 'game-over'; guard++) {
    if (guard > 500) throw new Error('race plan: the game does not end');
    const { phase } = state;
    if (phase.kind === 'roll') {
      const dice = phase.player === 'white' ? fastestDice(state) : ([2, 1] as const);
      throws.push(dice);
      step({ type: 'roll', by: phase.player, dice });
    } else if (phase.kind === 'play') {
      const by = phase.player;
      const score = (p: Play): number => (by === 'white' ? pips(p.position.player) : blackScore(options.variant, p));
      const best = phase.plays.reduce((a, b) => (score(b) < score(a) ? b : a));
      plays.push(best.moves);
      step({ type: 'play', by, moves: best.moves });
    } else {
      throw new Error(`race plan: unexpected phase ${phase.kind} (plan with the cube off)`);
    }
  }
  if (state.phase.kind !== 'game-over') throw new Error('race plan: no game-over');
  return { throws, plays, outcome: state.phase.outcome, final: state };
}

/** The dice, among the 21 throws, whose best play leaves white the fewest pips. */
function fastestDice(state: MatchState): ScriptedThrow {
  const position = positionFor(state, 'white');
  let best: { pips: number; dice: ScriptedThrow } | null = null;
  for (const dice of PAIRS) {
    const plays = legalPlays(state.config.variant, position, dice, { firstTurn: state.game.firstTurn.white });
    for (const play of plays) {
      const left = pips(play.position.player);
      if (best === null || left < best.pips) best = { pips: left, dice };
    }
  }
  return best!.dice;
}
