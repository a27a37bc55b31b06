import { sideFromCounts } from './board.js';
import type { MatchEvent } from './events.js';
import {
  apply,
  legalActions,
  newMatch,
  playEventFor,
  positionFor,
  recordsDue,
  replay,
  toAct,
  IllegalEventError,
  type ApplyResult,
  type MatchState,
  type NewMatchOptions,
  type Phase,
} from './index.js';
import type { RulesOptions } from './rules-options.js';
import { playOf } from './testing/known-events.js';
import type { Colour, SideBoard, Variant } from './types.js';

function must(result: ApplyResult): MatchState {
  if (!result.ok) throw new Error(`refused: ${result.reason} (${result.message})`);
  return result.state;
}

/** An event, or a function building it from the state it applies to. */
type Step = MatchEvent | ((state: MatchState) => MatchEvent);

function run(state: MatchState, ...steps: Step[]): MatchState {
  return steps.reduce((s, step) => must(apply(s, typeof step === 'function' ? step(s) : step)), state);
}

/** The first legal play of `by`, taken from the state it applies to. */
function anyPlayOf(by: Colour): Step {
  return (state) => {
    const phase = state.phase;
    if (phase.kind !== 'play' || phase.player !== by) throw new Error(`${by} is not to play (${phase.kind})`);
    return { type: 'play', by, moves: phase.plays[0].moves };
  };
}

/** Applies the records the engine says are due (game-end, match-end). */
function record(state: MatchState): MatchState {
  return run(state, ...recordsDue(state));
}

function seated(variant: Variant, length: number, rules: Partial<RulesOptions> = {}): MatchState {
  return run(
    newMatch({ variant, length, rules }),
    { type: 'join', colour: 'white' },
    { type: 'join', colour: 'black' },
  );
}

/** Backgammon to `length` with `rules`, after white won the opening with 3-1 and played it: black is on roll. */
function blackOnRoll(length: number, rules: Partial<RulesOptions>): MatchState {
  return run(seated('backgammon', length, rules), { type: 'opening-roll', white: 3, black: 1 }, anyPlayOf('white'));
}

/** A game ended at once by `loser` resigning `value` after the opening roll (white opens with 3-1). */
function resignedGame(state: MatchState, loser: Colour, value: 1 | 2 | 3): MatchState {
  let s = state.phase.kind === 'opening-roll' ? run(state, { type: 'opening-roll', white: 3, black: 1 }) : state;
  s = run(
    s,
    { type: 'resign', by: loser, value },
    { type: 'resignation-accept', by: loser === 'white' ? 'black' : 'white' },
  );
  return record(s);
}

/** The state with the board replaced and `player` about to roll (for positions deep in a game). */
function atPosition(state: MatchState, white: SideBoard, black: SideBoard, player: Colour): MatchState {
  const game = { ...state.game, board: { white, black }, firstTurn: { white: false, black: false }, started: true };
  const phase: Phase = { kind: 'roll', player, mayDouble: false };
  return { ...state, game, phase };
}

describe('match lifecycle', () => {
  it('waits for both players, keeps client seeds in join order, then asks for the opening roll', () => {
    let s = newMatch({ variant: 'backgammon', length: 3 });
    expect(s.phase.kind).toBe('awaiting-players');
    expect(apply(s, { type: 'opening-roll', white: 3, black: 1 })).toMatchObject({
      ok: false,
      reason: 'awaiting-players',
    });
    s = run(s, { type: 'join', colour: 'black', clientSeed: 'b-seed' });
    expect(apply(s, { type: 'join', colour: 'black' })).toMatchObject({ ok: false, reason: 'already-joined' });
    s = run(s, { type: 'join', colour: 'white', clientSeed: 'w-seed' });
    expect(s).toMatchObject({
      status: 'playing',
      clientSeeds: ['b-seed', 'w-seed'],
      joined: ['black', 'white'],
      phase: { kind: 'opening-roll' },
    });
    expect(toAct(s)).toBe('either');
  });

  it('gives the opening to the higher die, which plays both numbers; a tie is thrown again', () => {
    let s = seated('backgammon', 3);
    s = run(s, { type: 'opening-roll', white: 4, black: 4 });
    expect(s.phase.kind).toBe('opening-roll');
    expect(s.rollIndex).toBe(1);
    s = run(s, { type: 'opening-roll', white: 2, black: 6 });
    expect(s.phase).toMatchObject({ kind: 'play', player: 'black', dice: [2, 6] });
    expect(s.rollIndex).toBe(2);
    if (s.phase.kind !== 'play') throw new Error('play phase expected');
    expect(s.phase.plays.map((p) => p.text)).toContain('24/18 13/11');
  });

  it('validates plays: refuses an illegal one with the validator reason, accepts any legal order and text', () => {
    const s = run(seated('backgammon', 3), { type: 'opening-roll', white: 3, black: 1 });
    const illegal = apply(s, playOf('white', [24, 21]));
    expect(illegal).toMatchObject({ ok: false, reason: 'illegal-play', playReason: 'must-use-both-dice' });
    expect(apply(s, playOf('black', [8, 5], [6, 5]))).toMatchObject({
      ok: false,
      reason: 'not-your-turn',
    });
    const reversed = must(apply(s, playOf('white', [6, 5], [8, 5])));
    const fromText = playEventFor(s, 'white', '8/5 6/5');
    if (!fromText.ok) throw new Error(fromText.message);
    expect(fromText.event.moves).toEqual([
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ]);
    expect(must(apply(s, fromText.event))).toEqual(reversed);
    expect(positionFor(reversed, 'white').player.points[4]).toBe(2);
    expect(reversed.phase).toMatchObject({ kind: 'roll', player: 'black', mayDouble: true });
  });

  it('refuses unreadable or illegal submitted text with the validator reason', () => {
    const s = run(seated('backgammon', 3), { type: 'opening-roll', white: 3, black: 1 });
    expect(playEventFor(s, 'white', 'eight to five')).toMatchObject({
      ok: false,
      reason: 'illegal-play',
      playReason: 'bad-notation',
    });
    expect(playEventFor(s, 'white', '24/21')).toMatchObject({ ok: false, reason: 'illegal-play' });
    expect(playEventFor(s, 'black', '8/5 6/5')).toMatchObject({ ok: false, reason: 'not-your-turn' });
  });

  it('refuses a stored board that differs from the engine result', () => {
    const s = run(seated('backgammon', 3), { type: 'opening-roll', white: 3, black: 1 });
    const made = playEventFor(s, 'white', '8/5 6/5');
    if (!made.ok) throw new Error(made.message);
    const wrong = { ...made.event, board: { white: made.event.board!.black, black: made.event.board!.white } };
    expect(apply(s, wrong)).toMatchObject({ ok: false, reason: 'record-mismatch' });
  });

  it('passes the turn at once when the roll has no legal play (E9)', () => {
    const base = seated('long-nardy', 0);
    const s = atPosition(base, sideFromCounts({ 24: 14, 5: 1 }), sideFromCounts({ 7: 1, 6: 1, 1: 13 }), 'white');
    const after = run(s, { type: 'roll', by: 'white', dice: [6, 5] });
    expect(after.phase).toMatchObject({ kind: 'roll', player: 'black' });
    expect(after.game.lastRoll).toEqual({ player: 'white', dice: [6, 5], passed: true });
    expect(after.rollIndex).toBe(s.rollIndex + 1);
  });

  it('refuses rolls out of turn, twice, or with bad dice', () => {
    const s = run(seated('backgammon', 3), { type: 'opening-roll', white: 3, black: 1 }, anyPlayOf('white'));
    expect(apply(s, { type: 'roll', by: 'white', dice: [1, 2] })).toMatchObject({ ok: false, reason: 'not-your-turn' });
    expect(apply(s, { type: 'roll', by: 'black', dice: [0, 7] as never })).toMatchObject({
      ok: false,
      reason: 'bad-dice',
    });
    const rolled = run(s, { type: 'roll', by: 'black', dice: [1, 2] });
    expect(apply(rolled, { type: 'roll', by: 'black', dice: [1, 2] })).toMatchObject({
      ok: false,
      reason: 'after-roll',
    });
  });

  it('replays a stored abort made before the first play, as the rule before M6 allowed', () => {
    const s = run(seated('backgammon', 3), { type: 'opening-roll', white: 3, black: 1 });
    expect(run(s, { type: 'abort', by: 'black' })).toMatchObject({
      status: 'aborted',
      phase: { kind: 'aborted', by: 'black' },
    });
    const played = run(s, anyPlayOf('white'));
    expect(apply(played, { type: 'abort', by: 'black' })).toMatchObject({ ok: false, reason: 'abort-too-late' });
  });
});

describe('cube in a match (M1, M3)', () => {
  it('refuses the cube in the Crawford game and allows it again post-Crawford', () => {
    let s = seated('backgammon', 5);
    s = resignedGame(s, 'white', 2); // black 2
    s = resignedGame(s, 'white', 2); // black 4 = N-1: the next game is the Crawford game
    expect(s.progress).toMatchObject({ score: { white: 0, black: 4 }, crawfordGame: true });
    expect(s.game).toMatchObject({ number: 3, crawford: true });
    s = run(s, { type: 'opening-roll', white: 3, black: 1 }, anyPlayOf('white'));
    expect(s.phase).toMatchObject({ kind: 'roll', player: 'black', mayDouble: false });
    expect(apply(s, { type: 'double', by: 'black' })).toMatchObject({ ok: false, reason: 'crawford-game' });
    s = resignedGame(run(s, { type: 'roll', by: 'black', dice: [5, 2] }), 'black', 1); // white 1: post-Crawford
    expect(s.progress).toMatchObject({ score: { white: 1, black: 4 }, crawfordGame: false, postCrawford: true });
    s = run(s, { type: 'opening-roll', white: 3, black: 1 }, anyPlayOf('white'));
    expect(s.phase).toMatchObject({ kind: 'roll', player: 'black', mayDouble: true });
    expect(run(s, { type: 'double', by: 'black' }).phase).toMatchObject({ kind: 'cube-response', player: 'white' });
  });

  it('ends the game on a drop at the value before the double', () => {
    let s = run(seated('backgammon', 7), { type: 'opening-roll', white: 3, black: 1 }, anyPlayOf('white'));
    s = run(s, { type: 'double', by: 'black' }, { type: 'take', by: 'white' });
    expect(s.game.cube).toEqual({ value: 2, owner: 'white', offer: null });
    expect(s.phase).toMatchObject({ kind: 'roll', player: 'black', mayDouble: false });
    expect(apply(s, { type: 'double', by: 'black' })).toMatchObject({ ok: false, reason: 'cube-not-yours' });
    s = run(s, { type: 'roll', by: 'black', dice: [6, 5] }, anyPlayOf('black'), { type: 'double', by: 'white' });
    expect(s.phase).toMatchObject({ kind: 'cube-response', player: 'black', offer: { by: 'white', value: 4 } });
    s = run(s, { type: 'drop', by: 'black' });
    expect(s.phase).toMatchObject({ kind: 'game-over', outcome: { winner: 'white', reason: 'drop', points: 2 } });
    expect(s.progress.score).toEqual({ white: 2, black: 0 });
    expect(apply(s, { type: 'opening-roll', white: 1, black: 2 })).toMatchObject({ ok: false, reason: 'records-due' });
    s = record(s);
    expect(s).toMatchObject({
      phase: { kind: 'opening-roll' },
      game: { number: 2, cube: { value: 1, owner: 'centre' } },
    });
  });

  it('refuses a double after rolling and an answer from the doubler', () => {
    let s = run(seated('backgammon', 7), { type: 'opening-roll', white: 3, black: 1 }, anyPlayOf('white'));
    const rolled = run(s, { type: 'roll', by: 'black', dice: [6, 5] });
    expect(apply(rolled, { type: 'double', by: 'black' })).toMatchObject({ ok: false, reason: 'after-roll' });
    s = run(s, { type: 'double', by: 'black' });
    expect(apply(s, { type: 'take', by: 'black' })).toMatchObject({ ok: false, reason: 'not-your-turn' });
    expect(apply(s, { type: 'roll', by: 'black', dice: [1, 1] })).toMatchObject({ ok: false, reason: 'not-your-turn' });
    expect(apply(s, { type: 'beaver', by: 'white' })).toMatchObject({ ok: false, reason: 'beaver-not-allowed' });
  });

  it('applies the cube limit', () => {
    let s = blackOnRoll(0, { cubeLimit: 2 });
    s = run(
      s,
      { type: 'double', by: 'black' },
      { type: 'take', by: 'white' },
      { type: 'roll', by: 'black', dice: [6, 5] },
      anyPlayOf('black'),
    );
    expect(s.phase).toMatchObject({ kind: 'roll', player: 'white', mayDouble: false });
    expect(apply(s, { type: 'double', by: 'white' })).toMatchObject({ ok: false, reason: 'cube-limit' });
  });
});

describe('money sessions (M4)', () => {
  it('beaver: the doubled player takes and redoubles keeping the cube; the doubler answers at the new value', () => {
    let s = blackOnRoll(0, { beavers: true });
    s = run(s, { type: 'double', by: 'black' });
    expect(s.phase).toMatchObject({ kind: 'cube-response', player: 'white', mayBeaver: true });
    expect(legalActions(s, 'white')).toEqual(['take', 'drop', 'beaver', 'leave']);
    expect(legalActions(s, 'black')).toEqual(['timeout', 'leave']);
    s = run(s, { type: 'beaver', by: 'white' });
    expect(s.phase).toMatchObject({
      kind: 'cube-response',
      player: 'black',
      mayBeaver: false,
      onRoll: 'black',
      offer: { by: 'white', value: 4, beaver: true },
    });
    const taken = run(s, { type: 'take', by: 'black' });
    expect(taken.game.cube).toEqual({ value: 4, owner: 'white', offer: null });
    expect(taken.phase).toMatchObject({ kind: 'roll', player: 'black', mayDouble: false });
    const dropped = run(s, { type: 'drop', by: 'black' });
    expect(dropped.phase).toMatchObject({ kind: 'game-over', outcome: { winner: 'white', points: 2 } });
  });

  it('refuses beavers in a match even when asked for', () => {
    let s = blackOnRoll(5, { beavers: true });
    s = run(s, { type: 'double', by: 'black' });
    expect(s.phase).toMatchObject({ mayBeaver: false });
    expect(apply(s, { type: 'beaver', by: 'white' })).toMatchObject({ ok: false, reason: 'beaver-not-allowed' });
  });

  it('doubles the cube on opening ties up to the agreed number, centred', () => {
    let s = seated('backgammon', 0, { automaticDoubles: 2 });
    s = run(s, { type: 'opening-roll', white: 2, black: 2 }, { type: 'opening-roll', white: 5, black: 5 });
    expect(s.game).toMatchObject({ cube: { value: 4, owner: 'centre' }, automaticDoubles: 2 });
    s = run(s, { type: 'opening-roll', white: 6, black: 6 }, { type: 'opening-roll', white: 6, black: 1 });
    expect(s.game.cube.value).toBe(4);
    expect(s.phase).toMatchObject({ kind: 'play', player: 'white', dice: [6, 1] });
    expect(s.rollIndex).toBe(4);
    const inMatch = run(seated('backgammon', 5, { automaticDoubles: 2 }), { type: 'opening-roll', white: 2, black: 2 });
    expect(inMatch.game.cube.value).toBe(1);
  });

  it('Jacoby: a gammon counts single with the cube centred, in full once a double was taken', () => {
    const base = seated('backgammon', 0, { jacoby: true });
    const white = sideFromCounts({ 1: 1 });
    const black = sideFromCounts({ 6: 15 });
    const centred = run(atPosition(base, white, black, 'white'), { type: 'roll', by: 'white', dice: [2, 1] });
    const ended = run(centred, playOf('white', [1, 0]));
    expect(ended.phase).toMatchObject({ kind: 'game-over', outcome: { kind: 'gammon', jacoby: true, points: 1 } });
    const doubled = atPosition(base, white, black, 'white');
    const withCube = {
      ...doubled,
      game: { ...doubled.game, cube: { value: 2, owner: 'white' as const, offer: null } },
    };
    const won = run(withCube, { type: 'roll', by: 'white', dice: [2, 1] }, playOf('white', [1, 0]));
    expect(won.phase).toMatchObject({ kind: 'game-over', outcome: { kind: 'gammon', jacoby: false, points: 4 } });
  });

  it('is left between games with the player ahead winning the session (M4, M6)', () => {
    let s = seated('backgammon', 0);
    s = run(s, { type: 'opening-roll', white: 3, black: 1 });
    s = resignedGame(s, 'black', 1);
    s = run(s, { type: 'leave', by: 'black' });
    expect(s.phase).toMatchObject({
      kind: 'match-over',
      result: { winner: 'white', reason: 'leave', score: { white: 1, black: 0 } },
    });
    expect(recordsDue(s)).toEqual([
      { type: 'match-end', winner: 'white', reason: 'leave', score: { white: 1, black: 0 } },
    ]);
  });
});

describe('game results through apply (B6, N7, C3)', () => {
  it('scores a backgammon when the loser has a checker in the winner home, times the cube', () => {
    const base = seated('backgammon', 7);
    const s = atPosition(base, sideFromCounts({ 2: 1 }), sideFromCounts({ 20: 1, 6: 14 }), 'white');
    const withCube = { ...s, game: { ...s.game, cube: { value: 2, owner: 'black' as const, offer: null } } };
    const ended = run(withCube, { type: 'roll', by: 'white', dice: [2, 1] }, playOf('white', [2, 0]));
    expect(ended.phase).toMatchObject({
      kind: 'game-over',
      outcome: { winner: 'white', reason: 'bear-off', kind: 'backgammon', points: 6 },
    });
    expect(ended.progress.score).toEqual({ white: 6, black: 0 });
  });

  it.each([
    ['koks', { 24: 1, 12: 14 }, { kind: 'koks', multiplier: 3, homeMars: false, points: 3 }],
    ['home mars', { 6: 5, 1: 10 }, { kind: 'mars', multiplier: 2, homeMars: true, points: 2 }],
    ['mars', { 23: 1, 6: 14 }, { kind: 'mars', multiplier: 2, homeMars: false, points: 2 }],
    ['oin', { 23: 1, 6: 13 }, { kind: 'oin', multiplier: 1, homeMars: false, points: 1 }],
  ] as const)('scores long-nardy %s when the 15th checker is borne off', (_name, loser, expected) => {
    const base = seated('long-nardy', 0);
    const s = atPosition(base, sideFromCounts({ 3: 1 }), sideFromCounts(loser), 'white');
    const ended = run(s, { type: 'roll', by: 'white', dice: [4, 1] }, playOf('white', [3, 0]));
    expect(ended.phase).toMatchObject({ kind: 'game-over', outcome: { winner: 'white', ...expected } });
  });

  it('scores koks as mars with the koks option off', () => {
    const base = seated('long-nardy', 0, { koks: false });
    const s = atPosition(base, sideFromCounts({ 3: 1 }), sideFromCounts({ 24: 1, 12: 14 }), 'white');
    const ended = run(s, { type: 'roll', by: 'white', dice: [4, 1] }, playOf('white', [3, 0]));
    expect(ended.phase).toMatchObject({ kind: 'game-over', outcome: { kind: 'mars', points: 2 } });
    expect(apply(s, { type: 'resign', by: 'black', value: 3 })).toMatchObject({
      ok: false,
      reason: 'bad-resignation-value',
    });
  });

  it('refuses a game-end record that differs from the derived outcome, and records only once', () => {
    const s = run(
      seated('backgammon', 3),
      { type: 'opening-roll', white: 3, black: 1 },
      { type: 'resign', by: 'black', value: 1 },
      {
        type: 'resignation-accept',
        by: 'white',
      },
    );
    const [due] = recordsDue(s);
    if (due?.type !== 'game-end') throw new Error('game-end due');
    expect(apply(s, { ...due, outcome: { ...due.outcome, points: 2 } })).toMatchObject({
      ok: false,
      reason: 'record-mismatch',
    });
    expect(apply(s, { ...due, gameNumber: 2 })).toMatchObject({ ok: false, reason: 'record-mismatch' });
    const recorded = run(s, due);
    expect(apply(recorded, due)).toMatchObject({ ok: false, reason: 'nothing-to-record' });
  });
});

describe('resignation (M2)', () => {
  it('resumes play on a rejection and ends the game on acceptance at value times cube', () => {
    let s = run(seated('backgammon', 7), { type: 'opening-roll', white: 3, black: 1 });
    s = run(s, { type: 'resign', by: 'black', value: 2 });
    expect(s.phase).toMatchObject({ kind: 'resignation-response', player: 'white', offer: { by: 'black', value: 2 } });
    expect(toAct(s)).toBe('white');
    expect(apply(s, { type: 'resignation-accept', by: 'black' })).toMatchObject({ ok: false, reason: 'not-your-turn' });
    expect(apply(s, { type: 'resign', by: 'white', value: 1 })).toMatchObject({
      ok: false,
      reason: 'decision-pending',
    });
    const rejected = run(s, { type: 'resignation-reject', by: 'white' });
    expect(rejected.phase).toMatchObject({ kind: 'play', player: 'white' });
    const accepted = run(s, { type: 'resignation-accept', by: 'white' });
    expect(accepted.phase).toMatchObject({
      kind: 'game-over',
      outcome: { winner: 'white', reason: 'resignation', kind: 'gammon', points: 2 },
    });
    expect(apply(rejected, { type: 'resignation-reject', by: 'white' })).toMatchObject({
      ok: false,
      reason: 'no-resignation-offered',
    });
  });
});

describe('match end (M3, M5)', () => {
  it('ends the match when a player reaches N and refuses anything after the records', () => {
    let s = seated('backgammon', 3);
    s = resignedGame(s, 'white', 2); // black 2 = N-1: Crawford game next
    s = run(
      s,
      { type: 'opening-roll', white: 3, black: 1 },
      { type: 'resign', by: 'white', value: 1 },
      { type: 'resignation-accept', by: 'black' },
    );
    expect(s.status).toBe('finished');
    expect(s.progress).toMatchObject({ score: { white: 0, black: 3 }, winner: 'black' });
    const due = recordsDue(s);
    expect(due.map((e) => e.type)).toEqual(['game-end', 'match-end']);
    expect(due[1]).toEqual({ type: 'match-end', winner: 'black', reason: 'points', score: { white: 0, black: 3 } });
    s = run(s, ...due);
    expect(s.phase).toEqual({
      kind: 'match-over',
      result: { winner: 'black', reason: 'points', score: { white: 0, black: 3 } },
      recorded: true,
    });
    expect(apply(s, { type: 'opening-roll', white: 3, black: 1 })).toMatchObject({ ok: false, reason: 'match-over' });
    expect(apply(s, due[1])).toMatchObject({ ok: false, reason: 'nothing-to-record' });
    expect(legalActions(s, 'white')).toEqual([]);
  });

  it('plays on without a Crawford game at N-1 all, with the cube back in use', () => {
    let s = seated('backgammon', 3);
    s = resignedGame(s, 'white', 2); // black 2 = N-1: Crawford game
    expect(s.game.crawford).toBe(true);
    s = resignedGame(s, 'black', 2); // the Crawford game: white 2, so 2-2
    expect(s.progress).toMatchObject({
      score: { white: 2, black: 2 },
      crawfordGame: false,
      postCrawford: true,
      winner: null,
    });
    expect(s.game.crawford).toBe(false);
    s = run(s, { type: 'opening-roll', white: 3, black: 1 }, anyPlayOf('white'));
    expect(s.phase).toMatchObject({ kind: 'roll', player: 'black', mayDouble: true });
  });

  it('Jacoby also counts a resigned gammon as single while the cube is centred', () => {
    const s = resignedGame(seated('backgammon', 0, { jacoby: true }), 'black', 2);
    expect(s.games[0]).toMatchObject({ reason: 'resignation', kind: 'gammon', jacoby: true, points: 1 });
  });

  it('lets the opponent of the player on the clock claim a timeout: that player loses the match', () => {
    const s = run(seated('long-nardy', 5), { type: 'opening-roll', white: 3, black: 1 });
    expect(apply(s, { type: 'timeout', by: 'white' })).toMatchObject({ ok: false, reason: 'timeout-not-claimable' });
    const claimed = run(s, { type: 'timeout', by: 'black' });
    expect(claimed).toMatchObject({
      status: 'finished',
      phase: { kind: 'match-over', result: { winner: 'black', reason: 'timeout' } },
    });
    expect(recordsDue(claimed)).toEqual([
      { type: 'match-end', winner: 'black', reason: 'timeout', score: { white: 0, black: 0 } },
    ]);
    const opening = seated('long-nardy', 5);
    expect(apply(opening, { type: 'timeout', by: 'black' })).toMatchObject({
      ok: false,
      reason: 'timeout-not-claimable',
    });
  });
});

describe('who starts the next long-nardy game (N3)', () => {
  it('lets the winner roll first by default', () => {
    const s = resignedGame(seated('long-nardy', 5), 'white', 1);
    expect(s.phase).toMatchObject({ kind: 'roll', player: 'black', mayDouble: true });
    expect(s.game.firstTurn).toEqual({ white: true, black: true });
    const rolled = run(s, { type: 'roll', by: 'black', dice: [6, 6] });
    expect(rolled.phase).toMatchObject({ kind: 'play', player: 'black' });
  });

  it('uses the opening roll with nextGameStarter opening-roll, and always in backgammon', () => {
    expect(resignedGame(seated('long-nardy', 5, { nextGameStarter: 'opening-roll' }), 'white', 1).phase.kind).toBe(
      'opening-roll',
    );
    expect(resignedGame(seated('backgammon', 5), 'white', 1).phase.kind).toBe('opening-roll');
  });
});

describe('replay', () => {
  it('folds a stored history into the state reached step by step, and names the first bad event', () => {
    const options: NewMatchOptions = { variant: 'backgammon', length: 3 };
    const events: MatchEvent[] = [
      { type: 'join', colour: 'white' },
      { type: 'join', colour: 'black', clientSeed: 'x' },
      { type: 'opening-roll', white: 3, black: 1 },
    ];
    let s = newMatch(options);
    for (const e of events) s = must(apply(s, e));
    expect(replay(options, events)).toEqual(s);
    const bad: MatchEvent[] = [...events, { type: 'roll', by: 'black', dice: [1, 2] }];
    expect(() => replay(options, bad)).toThrow(IllegalEventError);
    try {
      replay(options, bad);
    } catch (error) {
      expect(error).toMatchObject({ index: 3, reason: 'not-your-turn' });
    }
  });

  it('never mutates the state it is given', () => {
    const s = run(seated('backgammon', 3), { type: 'opening-roll', white: 3, black: 1 });
    expect(Object.isFrozen(s)).toBe(true);
    const snapshot = JSON.stringify(s);
    run(s, anyPlayOf('white'), { type: 'double', by: 'black' });
    expect(JSON.stringify(s)).toBe(snapshot);
  });
});

describe('phase helpers', () => {
  it('lists what a player may do', () => {
    const s = run(seated('backgammon', 3), { type: 'opening-roll', white: 3, black: 1 }, anyPlayOf('white'));
    expect(legalActions(s, 'black')).toEqual(['roll', 'double', 'resign', 'leave']);
    expect(legalActions(s, 'white')).toEqual(['resign', 'timeout', 'leave']);
    const rolled = run(s, { type: 'roll', by: 'black', dice: [6, 5] });
    expect(legalActions(rolled, 'black')).toEqual(['play', 'resign', 'leave']);
    expect(toAct(rolled)).toBe('black');
  });
});
