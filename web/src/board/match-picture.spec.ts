import {
  initialPosition,
  type MatchState as EngineState,
  type NewMatchOptions,
  type Position,
} from '../../../src/engine/index.js';
import { playRandomMatch } from '../../../src/engine/testing/index.js';
import { gameView } from '../../../src/matches/view/match-presenter.js';
import { turnOf } from '../../../src/matches/model/match-status.js';
import { matchPicture } from '../../../src/board-drawing/index.js';
import type { MatchState } from '../api/client.js';
import { pictureOfMatch } from './match-picture.js';

const NAMES = { white: 'alice', black: 'bob' };

/**
 * The match state JSON of an engine state, made by the service's own presenter for what the board
 * shows (`game` from gameView, `turn` from turnOf); the rest is filler the picture does not read.
 */
function stateJson(state: EngineState): MatchState {
  const game = gameView(state);
  const seat = (colour: 'white' | 'black') =>
    state.joined.includes(colour) ? { username: NAMES[colour], bot: false } : null;
  return {
    id: '00000000-0000-4000-8000-000000000000',
    variant: state.config.variant,
    length: state.config.length,
    daysPerTurn: null,
    bankDays: 0,
    rules: { ...state.config.rules },
    source: 'played',
    rated: false,
    unratedReason: null,
    status: 'playing',
    version: 0,
    players: { white: seat('white'), black: seat('black') },
    opponent: null,
    you: null,
    score: { ...state.progress.score },
    crawford: state.game.crawford,
    game: {
      ...game,
      board: {
        white: { ...game.board.white, points: [...game.board.white.points] },
        black: { ...game.board.black, points: [...game.board.black.points] },
      },
      dice: game.dice === null ? null : [...game.dice],
      lastPlay:
        game.lastPlay === null
          ? null
          : { ...game.lastPlay, dice: [...game.lastPlay.dice], moves: [...game.lastPlay.moves] },
    },
    turn: { ...turnOf(state), deadline: null },
    actions: [],
    result: null,
    ratingChange: null,
    banks: null,
    fairness: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A state JSON from its game and turn, the rest as at the start of a 5-point backgammon match. */
function withGame(
  game: Partial<MatchState['game']>,
  turn: Partial<MatchState['turn']>,
  extra: Partial<MatchState> = {},
) {
  const start = stateJson(playRandomMatch({ variant: 'backgammon', length: 5 }, 1, { maxEvents: 0 }).states[0]);
  return { ...start, game: { ...start.game, ...game }, turn: { ...start.turn, ...turn }, ...extra };
}

const boardOf = (position: Position) => ({ white: position.player, black: position.opponent });

describe('pictureOfMatch', () => {
  it('draws what the service’s board.svg draws, after every event of random matches, from both sides', () => {
    // The expected picture is the service's own (src/board-drawing/board-picture.ts, matchPicture) of the engine's
    // state; the state JSON is made by the service's presenter. Doubles, takes, beavers, Crawford games,
    // resignations and games without a cube all come up in these matches.
    const matches: readonly NewMatchOptions[] = [
      { variant: 'backgammon', length: 5 },
      { variant: 'backgammon', length: 3, rules: { cube: false } },
      { variant: 'backgammon', length: 0, rules: { jacoby: true, beavers: true, automaticDoubles: 1 } },
      { variant: 'long-nardy', length: 7 },
      { variant: 'long-nardy', length: 0, rules: { beavers: true } },
    ];
    const seen = { dice: 0, offers: 0, crawford: 0, bar: 0 };
    for (const options of matches) {
      for (const seed of [1, 2, 3]) {
        for (const state of playRandomMatch(options, seed, { maxEvents: 250 }).states) {
          for (const perspective of ['white', 'black'] as const) {
            const picture = pictureOfMatch(stateJson(state), perspective);
            expect(picture).toEqual(matchPicture(state, perspective, NAMES));
          }
          const picture = pictureOfMatch(stateJson(state), 'white');
          if (picture.dice !== null) seen.dice++;
          if (picture.cube?.offer) seen.offers++;
          if (picture.crawford) seen.crawford++;
          if (picture.board.white.bar + picture.board.black.bar > 0) seen.bar++;
        }
      }
    }
    expect(Object.values(seen).every((n) => n > 0)).toBe(true);
  });

  it('shows the dice only while a play is awaited, thrown by the player who must play them', () => {
    const awaitingPlay = withGame({ dice: [6, 3] }, { player: 'black', awaiting: 'play' });
    expect(pictureOfMatch(awaitingPlay, 'white').dice).toEqual({ values: [6, 3], player: 'black' });
    expect(pictureOfMatch(awaitingPlay, 'white').onTurn).toBe('black');
    expect(pictureOfMatch(withGame({ dice: null }, { player: 'black', awaiting: 'roll' }), 'white').dice).toBeNull();
  });

  it('shows a pending double offered by the other player at twice the cube, and after a beaver at twice again', () => {
    const doubled = withGame({ cube: { value: 2, owner: 'black' } }, { player: 'white', awaiting: 'cube-response' });
    expect(pictureOfMatch(doubled, 'white').cube).toEqual({
      value: 2,
      owner: 'black',
      offer: { by: 'black', value: 4 },
    });
    // A beaver (src/engine/cube.ts): the cube shows the taken value, owned by the beaverer, who offers 4v.
    const beavered = withGame({ cube: { value: 2, owner: 'white' } }, { player: 'black', awaiting: 'cube-response' });
    expect(pictureOfMatch(beavered, 'black').cube?.offer).toEqual({ by: 'white', value: 4 });
  });

  it('leaves the cube out in the Crawford game and when the rules have none', () => {
    const base = withGame({}, { player: 'white', awaiting: 'roll' });
    expect(pictureOfMatch(base, 'white').cube).toEqual({ value: 1, owner: null, offer: null });
    expect(pictureOfMatch({ ...base, crawford: true }, 'white').cube).toBeNull();
    expect(pictureOfMatch({ ...base, rules: { ...base.rules, cube: false } }, 'white').cube).toBeNull();
  });

  it('draws a board given instead of the game’s, counting its pips and checkers off', () => {
    const base = withGame({}, { player: 'white', awaiting: 'play' });
    // White has played 8/5 6/5 (3-1) from the start: 167 - 4 = 163 pips (the engine's pipCount, as gnubg counts).
    const points = [...initialPosition('backgammon').player.points];
    points[7]--;
    points[5]--;
    points[4] += 2;
    const half = { white: { points }, black: boardOf(initialPosition('backgammon')).black };
    const picture = pictureOfMatch(base, 'black', half);
    expect(picture.board.white).toEqual({ points, bar: 0, off: 0 });
    expect(picture.pips).toEqual({ white: 163, black: 167 });
    expect(picture.perspective).toBe('black');
    const bornOff = pictureOfMatch(base, 'white', {
      white: { points: [2, ...Array<number>(23).fill(0)] },
      black: half.black,
    });
    expect(bornOff.board.white.off).toBe(13);
    expect(bornOff.pips.white).toBe(2);
  });

  it('names a side only once a player holds its seat', () => {
    const empty = withGame({}, {}, { players: { white: { username: 'alice', bot: false }, black: null } });
    expect(pictureOfMatch(empty, 'white').names).toEqual({ white: 'alice', black: undefined });
  });
});
