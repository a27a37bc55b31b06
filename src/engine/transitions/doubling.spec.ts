import { apply, applyCommand, applyOrThrow, legalActions, newMatch } from '../apply.js';
import type { MatchEvent } from '../events.js';
import type { MatchState } from '../match-state.js';
import { opponentOf, type Colour } from '../types.js';

/**
 * The highest cube (docs/rules.md M1) is a rule for new commands, as M6's abort is: a double or beaver
 * past 4096 is neither offered nor accepted from a player, while a log stored before the rule folds on.
 */

/** The events applied in order as a stored log is (`applyOrThrow`). */
function stored(state: MatchState, ...events: MatchEvent[]): MatchState {
  return events.reduce((s, event) => applyOrThrow(s, event), state);
}

/** The first legal play of `by`. */
function firstPlay(state: MatchState, by: Colour): MatchEvent {
  if (state.phase.kind !== 'play') throw new Error(`${by} is not to play (${state.phase.kind})`);
  return { type: 'play', by, moves: state.phase.plays[0].moves };
}

/** A money session with beavers, white opening 3-1, where double, beaver and take at every turn bring the cube to `upTo`. */
function beaveredTo(upTo: number): { state: MatchState; onRoll: Colour } {
  let state = stored(
    newMatch({ variant: 'backgammon', length: 0, rules: { beavers: true } }),
    { type: 'join', colour: 'white' },
    { type: 'join', colour: 'black' },
    { type: 'opening-roll', white: 3, black: 1 },
  );
  state = stored(state, firstPlay(state, 'white'));
  let onRoll: Colour = 'black';
  while (state.game.cube.value < upTo) {
    const other = opponentOf(onRoll);
    state = stored(
      state,
      { type: 'double', by: onRoll },
      { type: 'beaver', by: other },
      { type: 'take', by: onRoll },
      { type: 'roll', by: onRoll, dice: [2, 1] },
    );
    state = stored(state, firstPlay(state, onRoll));
    onRoll = other;
  }
  return { state, onRoll };
}

describe('the highest cube (M1): a rule for new commands', () => {
  it('neither offers nor takes a double past 4096, and a stored log that made one still folds', () => {
    const { state, onRoll } = beaveredTo(4096);
    expect(state.game.cube).toMatchObject({ value: 4096, owner: onRoll });
    expect(state.phase).toMatchObject({ kind: 'roll', player: onRoll, mayDouble: false });
    expect(legalActions(state, onRoll)).not.toContain('double');
    const double: MatchEvent = { type: 'double', by: onRoll };
    expect(applyCommand(state, double)).toMatchObject({ ok: false, reason: 'cube-at-maximum' });
    expect(apply(state, double)).toMatchObject({ ok: true });
  });

  it('neither offers nor takes a beaver past 4096, and a stored log that made one still folds', () => {
    const { state, onRoll } = beaveredTo(1024);
    const other = opponentOf(onRoll);
    let next = stored(
      state,
      { type: 'double', by: onRoll },
      { type: 'take', by: other },
      { type: 'roll', by: onRoll, dice: [2, 1] },
    );
    next = stored(next, firstPlay(next, onRoll), { type: 'double', by: other });
    expect(next.game.cube.offer).toMatchObject({ by: other, value: 4096 });
    expect(next.phase).toMatchObject({ kind: 'cube-response', player: onRoll, mayBeaver: false });
    expect(legalActions(next, onRoll)).toEqual(['take', 'drop', 'leave']);
    const beaver: MatchEvent = { type: 'beaver', by: onRoll };
    expect(applyCommand(next, beaver)).toMatchObject({ ok: false, reason: 'cube-at-maximum' });
    expect(apply(next, beaver)).toMatchObject({ ok: true });
    expect(applyCommand(next, { type: 'take', by: onRoll })).toMatchObject({ ok: true });
  });
});
