import type { LegalPlay, MatchState, Schemas } from '../api/client.js';
import { legalPlays, makePosition, mulberry32, type Play } from '../../../src/engine/index.js';
import { boardAfterMoves, colourBoardsEqual } from './colour-board.js';
import { PlayBuilder } from './play-builder.js';
import { engineTurns, turnOf, type EngineTurn } from './testing/engine-turns.js';

// The legal plays and their texts are the engine's (src/engine/legal-plays.ts, which agrees with GNU
// Backgammon 1.07 play for play).

const START = { 24: 2, 13: 5, 8: 3, 6: 5 };

function builderOf(turn: EngineTurn): PlayBuilder<Play> {
  return PlayBuilder.start({ ...turn, dice: turn.dice });
}

function textOf(play: Play | null): string | null {
  return play === null ? null : play.text;
}

describe('PlayBuilder at the backgammon start with 6-5', () => {
  const turn = turnOf('backgammon', START, START, [6, 5]);

  it('offers the points a legal play moves from, and nothing is complete before a step', () => {
    const builder = builderOf(turn);
    expect(builder.sources()).toEqual([24, 13, 8]);
    expect(builder.complete()).toBeNull();
    expect(builder.onlyPlay()).toBeNull();
  });

  it("offers single steps and the ends of chains as targets, never a closed point (24/19 lands on black's 6)", () => {
    expect(builderOf(turn).targets(24)).toEqual([18, 13]);
    expect(builderOf(turn).targets(13)).toEqual([8, 7, 2]);
  });

  it('plays 24/18/13 on one click from 24 to 13, which completes the engine play 24/13', () => {
    const built = builderOf(turn).move(24, 13);
    expect(built?.steps).toEqual([
      { from: 24, to: 18, die: 6, hits: false },
      { from: 18, to: 13, die: 5, hits: false },
    ]);
    expect(textOf(built!.complete())).toBe('24/13');
    expect(built!.sources()).toEqual([]);
  });

  it('completes 13/2 also through 8, a split of the play the server did not list (13/7 7/2 is listed)', () => {
    const via8 = builderOf(turn).move(13, 8)?.move(8, 2);
    expect(via8?.complete()?.text).toBe('13/2');
    expect(via8?.complete()?.moves).toEqual([
      { from: 13, to: 7 },
      { from: 7, to: 2 },
    ]);
  });

  it('takes the steps of a play in any order: 13/8 then 24/18 is 24/18 13/8', () => {
    const built = builderOf(turn).move(13, 8)?.move(24, 18);
    expect(textOf(built!.complete())).toBe('24/18 13/8');
  });

  it('refuses a step no legal play contains, and a second 6 after a 6', () => {
    expect(builderOf(turn).move(24, 20)).toBeNull();
    expect(builderOf(turn).move(6, 1)).toBeNull();
    expect(builderOf(turn).move(24, 18)?.move(13, 7)).toBeNull();
  });

  it('undoes a chain as one move, and resets to no step', () => {
    const chain = builderOf(turn).move(24, 13)!;
    expect(chain.steps).toHaveLength(2);
    expect(chain.undo().steps).toEqual([]);
    const two = builderOf(turn).move(13, 8)!.move(24, 18)!;
    expect(two.undo().steps).toEqual([{ from: 13, to: 8, die: 5, hits: false }]);
    expect(two.reset().steps).toEqual([]);
    expect(two.reset().undo().steps).toEqual([]);
  });

  it('draws the board after the steps made', () => {
    const built = builderOf(turn).move(24, 18)!;
    expect(
      colourBoardsEqual(built.board(), boardAfterMoves(turn.board, 'backgammon', 'white', [{ from: 24, to: 18 }])),
    ).toBe(true);
    expect(built.board().white.points[17]).toBe(1);
  });
});

describe('PlayBuilder, special positions', () => {
  it('prefers the way without a hit when a click from 24 to 13 can pass a blot or not (the hit is made step by step)', () => {
    // Black's blot on black's 7 = white's 18; white's 19 (black's 6) is open.
    const turn = turnOf('backgammon', START, { 24: 2, 13: 5, 8: 3, 7: 1, 5: 4 }, [6, 5]);
    const texts = turn.plays.map((p) => p.text);
    expect(texts).toEqual(expect.arrayContaining(['24/13', '24/18*/13']));
    expect(textOf(builderOf(turn).move(24, 13)!.complete())).toBe('24/13');
    expect(textOf(builderOf(turn).move(24, 18)!.move(18, 13)!.complete())).toBe('24/18*/13');
  });

  it('moves only from the bar while a checker is there (B4), and completes an entering play', () => {
    const turn = turnOf('backgammon', { 13: 5, 8: 3, 6: 5, 24: 1 }, START, [4, 3], { white: 1 });
    const builder = builderOf(turn);
    expect(builder.sources()).toEqual([25]);
    expect(builder.targets(25)).toEqual([22, 21, 18]);
    const entered = builder.move(25, 21)!;
    expect(entered.sources()).toContain(24);
    expect(textOf(entered.move(24, 21)!.complete())).toBe('bar/21 24/21');
  });

  it('has nothing to build when no play is legal (a closed board against a checker on the bar)', () => {
    const turn = turnOf('backgammon', { 13: 14 }, { 6: 3, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1 }, [6, 5], { white: 1 });
    expect(turn.plays).toEqual([]);
    const builder = builderOf(turn);
    expect(builder.sources()).toEqual([]);
    expect(builder.canMove()).toBe(false);
    expect(builder.complete()).toBeNull();
    expect(builder.move(25, 20)).toBeNull();
  });

  it('offers the only legal play, and completes a play of fewer steps than dice (only the 6 can be played)', () => {
    // White's checker on 24 can move 6 (to 18) but not 5 (19 is black's 6, closed); after 24/18 the 5 is
    // blocked too (13 is black's 12), and white's other checkers, on 2, cannot bear off.
    const turn = turnOf('backgammon', { 24: 1, 2: 14 }, { 6: 2, 12: 2, 2: 11 }, [6, 5]);
    expect(turn.plays.map((p) => p.text)).toEqual(['24/18']);
    const builder = builderOf(turn);
    expect(textOf(builder.onlyPlay())).toBe('24/18');
    const built = builder.move(24, 18)!;
    expect(textOf(built.complete())).toBe('24/18');
    expect(built.canMove()).toBe(false);
  });

  it("chains the steps of a double up to a closed point: 24/16 and 8/4(2) with 4-4 (12 and 1 are black's 13 and 24)", () => {
    const turn = turnOf('backgammon', START, START, [4, 4]);
    const builder = builderOf(turn);
    expect(builder.targets(24)).toEqual([20, 16]);
    expect(builder.targets(13)).toEqual([9, 5]);
    const built = builder.move(24, 16)!.move(8, 4)!.move(8, 4)!;
    expect(built.complete()?.text).toBe('24/16 8/4(2)');
  });

  it('bears off from the highest point with a larger die (C4): 6-5 with checkers on 4 and 3 plays 4/off, then 3/off', () => {
    // 3/off first is no step: with the 4 still on, neither die may take a checker off the 3.
    const turn = turnOf('backgammon', { 4: 1, 3: 1 }, { 24: 15 }, [6, 5]);
    const builder = builderOf(turn);
    expect(builder.sources()).toEqual([4]);
    expect(builder.targets(4)).toEqual([0]);
    expect(textOf(builder.move(4, 0)!.move(3, 0)!.complete())).toBe('4/off 3/off');
  });

  it('long nardy: one checker leaves the head (N4), and runs on from where it stands', () => {
    const turn = turnOf('long-nardy', { 24: 15 }, { 24: 15 }, [6, 5]);
    const builder = builderOf(turn);
    expect(builder.sources()).toEqual([24]);
    expect(builder.targets(24)).toEqual([19, 18, 13]);
    const half = builder.move(24, 19)!;
    expect(half.sources()).toEqual([19]);
    expect(textOf(half.move(19, 13)!.complete())).toBe('24/13');
  });

  it('makes no step without the dice (no play is awaited)', () => {
    const turn = turnOf('backgammon', START, START, [6, 5]);
    const builder = PlayBuilder.start({ ...turn, dice: null });
    expect(builder.sources()).toEqual([]);
    expect(builder.move(24, 13)).toBeNull();
  });

  it('long nardy, first turn: 6-6 takes two checkers off the head (N5) when the match says so', () => {
    const turn = turnOf('long-nardy', { 24: 15 }, { 24: 15 }, [6, 6]);
    const plays = legalPlays('long-nardy', makePosition(turn.board.white, turn.board.black), [6, 6], {
      firstTurn: true,
    });
    const builder = PlayBuilder.start({ ...turn, plays, firstTurn: true });
    const two = builder.move(24, 18)?.move(24, 18);
    expect(two).not.toBeNull();
    expect(builderOf(turn).move(24, 18)?.move(24, 18)).toBeNull();
  });
});

describe('PlayBuilder against the engine', () => {
  it.each(['backgammon', 'long-nardy'] as const)(
    'builds every legal play of random %s games by its listed steps, and a legal play by any steps it offers',
    (variant) => {
      const random = mulberry32(7);
      let built = 0;
      for (const turn of engineTurns(variant, [11, 12])) {
        for (const play of turn.plays) {
          let builder: PlayBuilder<Play> | null = builderOf(turn);
          for (const step of play.moves) {
            expect(builder?.targets(step.from)).toContain(step.to);
            builder = builder?.move(step.from, step.to) ?? null;
          }
          expect(builder?.complete()).toBe(play);
          built++;
        }
        // Steps picked at random among those offered, one die at a time, always end in a listed play.
        let walk = builderOf(turn);
        while (walk.complete() === null && walk.canMove()) {
          const sources = walk.sources();
          const from = sources[Math.floor(random() * sources.length)];
          const targets = walk.targets(from);
          const next = walk.move(from, targets[Math.floor(random() * targets.length)]);
          expect(next).not.toBeNull();
          walk = next!;
        }
        if (turn.plays.length > 0) {
          const end = walk.complete();
          expect(turn.plays).toContain(end);
          expect(colourBoardsEqual(walk.board(), boardAfterMoves(turn.board, variant, turn.player, end!.moves))).toBe(
            true,
          );
        }
      }
      expect(built).toBeGreaterThan(300);
    },
  );
});

type MatchLegalPlays = Schemas['MatchLegalPlaysDto'];

describe('PlayBuilder with the API types', () => {
  it('starts from a match state and its legal plays as the API gives them (a compile-time check)', () => {
    const start = (state: MatchState, legal: MatchLegalPlays): PlayBuilder<LegalPlay> | null =>
      state.game === null || state.you === null
        ? null
        : PlayBuilder.start({
            board: state.game.board,
            variant: state.variant,
            player: state.you,
            plays: legal.plays,
            dice: legal.dice,
          });
    expect(typeof start).toBe('function');
  });
});

describe('PlayBuilder for one-click moves and the dice drawn faded', () => {
  it('lists the steps from a point, the larger die first, and which dice the steps made have played', () => {
    const turn = turnOf('backgammon', START, START, [6, 5]);
    const builder = builderOf(turn);
    expect(builder.stepsFrom(13).map((s) => [s.to, s.die])).toEqual([
      [7, 6],
      [8, 5],
    ]);
    expect(builder.stepsFrom(24).map((s) => [s.to, s.die])).toEqual([[18, 6]]);
    expect(builder.usedDice()).toEqual([false, false]);
    const one = builder.move(13, 7)!;
    expect(one.usedDice()).toEqual([true, false]);
    expect(one.move(13, 8)!.usedDice()).toEqual([true, true]);
  });

  it('fades a double’s dice two steps at a time', () => {
    const turn = turnOf('backgammon', START, START, [4, 4]);
    const two = builderOf(turn).move(24, 20)!.move(20, 16)!;
    expect(two.usedDice()).toEqual([true, false]);
    expect(two.move(8, 4)!.move(8, 4)!.usedDice()).toEqual([true, true]);
  });
});
