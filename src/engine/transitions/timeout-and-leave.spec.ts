import { apply, legalActions, newMatch } from '../apply.js';
import type { MatchEvent } from '../events.js';
import type { MatchState } from '../match-state.js';
import type { RulesOptions } from '../rules-options.js';
import type { Colour, Variant } from '../types.js';
import { recordsDue } from './records.js';

/** Leaving is a forfeit (docs/rules.md M6); between the games of a money session it ends the session (M4). */

/** An event, or a function building it from the state it applies to. */
type Step = MatchEvent | ((state: MatchState) => MatchEvent);

function fold(state: MatchState, ...steps: Step[]): MatchState {
  return steps.reduce((s, step) => {
    const event = typeof step === 'function' ? step(s) : step;
    const result = apply(s, event);
    if (!result.ok) throw new Error(`${event.type}: ${result.reason} (${result.message})`);
    return result.state;
  }, state);
}

/** Both players seated and the opening thrown: white opens 3-1. */
function opened(variant: Variant, length: number, rules: Partial<RulesOptions> = {}): MatchState {
  return fold(
    newMatch({ variant, length, rules }),
    { type: 'join', colour: 'white' },
    { type: 'join', colour: 'black' },
    { type: 'opening-roll', white: 3, black: 1 },
  );
}

/** The first legal play of the player to play. */
const firstPlay: Step = (state) => {
  if (state.phase.kind !== 'play') throw new Error(`nobody is to play (${state.phase.kind})`);
  return { type: 'play', by: state.phase.player, moves: state.phase.plays[0].moves };
};

/** `loser` resigns the game under way for a single, accepted, and its records. */
function singleResigned(state: MatchState, loser: Colour): MatchState {
  const winner: Colour = loser === 'white' ? 'black' : 'white';
  const ended = fold(state, { type: 'resign', by: loser, value: 1 }, { type: 'resignation-accept', by: winner });
  return fold(ended, ...recordsDue(ended));
}

describe('leaving a match to N points (M6)', () => {
  it('is a forfeit: the opponent of the leaver wins the match at the score as it stands', () => {
    const mid = fold(singleResigned(opened('backgammon', 5), 'black'), { type: 'opening-roll', white: 3, black: 1 });
    for (const [by, winner] of [
      ['white', 'black'],
      ['black', 'white'],
    ] as const) {
      const left = fold(mid, { type: 'leave', by });
      expect(left.status).toBe('finished');
      expect(left.phase).toMatchObject({
        kind: 'match-over',
        result: { winner, reason: 'leave', score: { white: 1, black: 0 } },
      });
      expect(recordsDue(left)).toEqual([{ type: 'match-end', winner, reason: 'leave', score: { white: 1, black: 0 } }]);
    }
  });

  it('is listed for both players while the match is under way, and refused once it is over', () => {
    const mid = fold(opened('backgammon', 3), firstPlay);
    expect(legalActions(mid, 'white')).toContain('leave');
    expect(legalActions(mid, 'black')).toContain('leave');
    const left = fold(mid, { type: 'leave', by: 'white' });
    const over = fold(left, ...recordsDue(left));
    expect(apply(over, { type: 'leave', by: 'black' })).toMatchObject({ ok: false, reason: 'match-over' });
  });
});

describe('leaving a money session during a game (M6)', () => {
  it('forfeits that game as a backgammon at the cube, then ends the session', () => {
    const s = fold(
      opened('backgammon', 0),
      firstPlay,
      { type: 'double', by: 'black' },
      { type: 'take', by: 'white' },
      { type: 'roll', by: 'black', dice: [6, 5] },
      { type: 'leave', by: 'black' },
    );
    const outcome = { winner: 'white', reason: 'leave', kind: 'backgammon', multiplier: 3, cubeValue: 2, points: 6 };
    expect(s.phase).toMatchObject({ kind: 'game-over', outcome });
    const due = recordsDue(s);
    expect(due).toEqual([
      { type: 'game-end', gameNumber: 1, outcome: expect.objectContaining(outcome) as unknown },
      { type: 'match-end', winner: 'white', reason: 'leave', score: { white: 6, black: 0 } },
    ]);
    expect(fold(s, ...due)).toMatchObject({ status: 'finished', phase: { kind: 'match-over', recorded: true } });
  });

  it('ends the session won by the player still ahead when the forfeit does not cost the lead', () => {
    let s = opened('backgammon', 0);
    for (let i = 0; i < 4; i++) s = fold(singleResigned(s, 'white'), { type: 'opening-roll', white: 3, black: 1 });
    s = fold(s, { type: 'leave', by: 'black' });
    expect(recordsDue(s).at(-1)).toEqual({
      type: 'match-end',
      winner: 'black',
      reason: 'leave',
      score: { white: 3, black: 4 },
    });
  });

  it('forfeits a mars in long nardy without koks, and Jacoby counts it single while the cube is centred', () => {
    const nardy = opened('long-nardy', 0, { koks: false });
    expect(fold(nardy, { type: 'leave', by: 'white' }).phase).toMatchObject({
      kind: 'game-over',
      outcome: { winner: 'black', kind: 'mars', multiplier: 2, points: 2 },
    });
    const jacoby = opened('backgammon', 0, { jacoby: true });
    expect(fold(jacoby, { type: 'leave', by: 'white' }).phase).toMatchObject({
      kind: 'game-over',
      outcome: { winner: 'black', kind: 'backgammon', jacoby: true, points: 1 },
    });
  });
});
