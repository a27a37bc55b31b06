/** Whether `colour`, on roll in `state`, may turn the cube now: a cube decision it takes by rolling or doubling. */
import { mayDouble } from '../cube.js';
import type { MatchState } from '../match-state.js';
import type { Colour } from '../types.js';

export function cubeAvailable(state: MatchState, colour: Colour): boolean {
  return mayDouble(state.game.cube, {
    actor: colour,
    onRoll: colour,
    rolled: false,
    crawfordGame: state.game.crawford,
    rules: state.config.effectiveRules,
  });
}
