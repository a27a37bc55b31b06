import { newMatch, type MatchEvent } from '../../engine/index.js';
import { openingPlayed, playRandomMatch } from '../../engine/testing/index.js';
import { gamesOf } from './match-games.js';

/**
 * The games and turns read back from a log (docs/architecture.md "Games and
 * turns") agree with the log itself, checked on random matches of both
 * variants, cube and resignations included.
 */
const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);

function count(events: readonly MatchEvent[], type: MatchEvent['type']): number {
  return events.filter((e) => e.type === type).length;
}

describe.each(['backgammon', 'long-nardy'] as const)('gamesOf on random %s matches', (variant) => {
  it.each(SEEDS)('seed %i: one record per game-end with its outcome, every play and throw in a turn', (seed) => {
    const played = playRandomMatch({ variant, length: 5 }, seed, { maxEvents: 600, timeouts: false });
    const games = gamesOf(newMatch(played.options), played.events);
    const ends = played.events.filter((e) => e.type === 'game-end');
    const finished = games.filter((g) => g.game.endedBy !== null && g.game.endedBy !== 'timeout');
    expect(finished.map((g) => g.game.number)).toEqual(ends.map((e) => e.gameNumber));
    for (const [i, end] of ends.entries()) {
      expect(finished[i].game).toMatchObject({
        winner: end.outcome.winner,
        result: end.outcome.kind,
        endedBy: end.outcome.reason,
        points: end.outcome.points,
        cubeValue: end.outcome.cubeValue,
      });
    }
    const turns = games.flatMap((g) => g.turns);
    // Every play is in a turn, in order, and every throw: rolls and the non-tied opening throws.
    const plays = played.events.filter((e) => e.type === 'play');
    expect(turns.filter((t) => t.moves !== null && t.moves.length > 0).map((t) => t.moves)).toEqual(
      plays.map((p) => p.moves),
    );
    const openings = played.events.filter((e) => e.type === 'opening-roll' && e.white !== e.black).length;
    expect(turns.filter((t) => t.dice !== null)).toHaveLength(count(played.events, 'roll') + openings);
    expect(turns.flatMap((t) => t.cube).filter((c) => c.action === 'double')).toHaveLength(
      count(played.events, 'double'),
    );
    for (const game of games) {
      expect(game.game.turns).toBe(game.turns.length);
      expect(game.turns.map((t) => t.number)).toEqual(game.turns.map((_, i) => i + 1));
      if (game.turns.length > 0) expect(game.turns[0].player).toBe(game.game.starter);
      for (const turn of game.turns) {
        expect(turn.positionId === null).toBe(variant === 'long-nardy');
        if (turn.moves !== null && turn.moves.length > 0) expect(turn.play).not.toBe('');
      }
    }
  });
});

describe('gamesOf on a known opening', () => {
  it('writes the opening turn of white’s 3-1 as gnubg does: 8/5 6/5, from the starting Position ID', () => {
    const events: MatchEvent[] = [
      { type: 'join', colour: 'white' },
      { type: 'join', colour: 'black' },
      ...openingPlayed(3, 1, [8, 5], [6, 5]),
    ];
    const [first] = gamesOf(newMatch({ variant: 'backgammon', length: 3 }), events);
    expect(first.game).toMatchObject({ number: 1, starter: 'white', winner: null, endedBy: null, turns: 1 });
    // gnubg 1.07: the starting position is 4HPwATDgc/ABMA; 3-1 played 8/5 6/5.
    expect(first.turns[0]).toMatchObject({
      player: 'white',
      dice: [3, 1],
      play: '8/5 6/5',
      positionId: '4HPwATDgc/ABMA',
    });
  });
});
