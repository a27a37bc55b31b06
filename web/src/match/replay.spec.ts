import {
  parseMoveText,
  type MatchEvent as EngineEvent,
  type MatchState,
  type Play,
} from '../../../src/engine/index.js';
import { playRandomMatch } from '../../../src/engine/testing/index.js';
import type { MatchEvent } from '../api/client.js';
import { REPLAY_KINDS, replayPoints, replayTurns, type ReplayPoint } from './replay.js';

// Expected texts and cube values are the engine's: the legal plays' text (src/engine/move-text.ts, gnubg's
// FormatMove) and the cube of the match state after each event (src/engine/cube.ts).

/** Events as GET /api/matches/{id}/events shows them (src/matches/view/match-event-view.ts). */
function asApi(events: readonly EngineEvent[]): MatchEvent[] {
  return events.map((event, i) => {
    const by = 'by' in event ? event.by : event.type === 'join' ? event.colour : null;
    return { ...event, seq: i + 1, by, at: '2026-01-01T00:00:00.000Z' } as unknown as MatchEvent;
  });
}

describe('replayPoints on a short backgammon match', () => {
  const events = asApi([
    { type: 'join', colour: 'white' },
    { type: 'join', colour: 'black' },
    { type: 'opening-roll', white: 2, black: 2 },
    { type: 'opening-roll', white: 3, black: 1 },
    { type: 'play', by: 'white', moves: parseMoveText('8/5 6/5') },
    { type: 'double', by: 'black' },
    { type: 'take', by: 'white' },
    { type: 'roll', by: 'black', dice: [6, 4] },
    { type: 'play', by: 'black', moves: parseMoveText('24/18 18/14') },
    { type: 'resign', by: 'white', value: 1 },
    { type: 'resignation-accept', by: 'black' },
    {
      type: 'game-end',
      gameNumber: 1,
      outcome: {
        winner: 'black',
        points: 2,
        kind: 'single',
        reason: 'resignation',
        multiplier: 1,
        cubeValue: 2,
        jacoby: false,
        homeMars: false,
      },
    },
    { type: 'opening-roll', white: 6, black: 5 },
  ]);

  it('stops at every throw, play, cube action and game end, skipping joins and resignations', () => {
    expect(replayPoints(events, { variant: 'backgammon', length: 3 }).map((p) => p.seq)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 12, 13,
    ]);
  });

  it('labels each stop with its game and what happened, in gnubg text for plays', () => {
    expect(replayPoints(events, { variant: 'backgammon', length: 3 }).map((p) => p.label)).toEqual([
      'Game 1, opening roll: white 2, black 2, thrown again',
      'Game 1, opening roll: white 3, black 1',
      'Game 1, white plays 8/5 6/5',
      'Game 1, black doubles to 2',
      'Game 1, white takes at 2',
      'Game 1, black rolls 6-4',
      'Game 1, black plays 24/14',
      'Game 1: black wins 2 points (resignation)',
      'Game 2, opening roll: white 6, black 5',
    ]);
  });

  it('names the players by username when given, and counts the games', () => {
    const points = replayPoints(events, { variant: 'backgammon', names: { white: 'alice', black: 'bob' } });
    expect(points[2].label).toBe('Game 1, alice plays 8/5 6/5');
    expect(points.map((p) => p.game)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 2]);
    const ended = asApi([
      { type: 'opening-roll', white: 6, black: 5 },
      { type: 'drop', by: 'black' },
      {
        type: 'game-end',
        gameNumber: 1,
        outcome: {
          winner: 'white',
          points: 1,
          kind: 'single',
          reason: 'drop',
          multiplier: 1,
          cubeValue: 1,
          jacoby: false,
          homeMars: false,
        },
      },
      { type: 'match-end', winner: 'white', reason: 'points', score: { white: 1, black: 0 } },
    ]);
    expect(replayPoints(ended, { variant: 'backgammon', length: 1 }).map((p) => [p.game, p.label])).toEqual([
      [1, 'Game 1, opening roll: white 6, black 5'],
      [1, 'Game 1, black drops'],
      [1, 'Game 1: white wins 1 point (double dropped)'],
      [1, 'white wins the match, 1-0'],
    ]);
  });

  it('doubles the cube on an opening tie when automatic doubles are agreed (M4)', () => {
    const rules = { cube: true, automaticDoubles: 1, cubeLimit: null };
    const points = replayPoints(events, { variant: 'backgammon', length: 0, rules });
    expect(points[0].label).toBe('Game 1, opening roll: white 2, black 2, thrown again, the cube to 2');
    expect(points[3].label).toBe('Game 1, black doubles to 4');
  });

  it('marks a hit in a play label and says when a roll cannot be played', () => {
    const hit = asApi([
      { type: 'opening-roll', white: 6, black: 1 },
      { type: 'play', by: 'white', moves: parseMoveText('13/7 6/5') },
      // Black's 24/18 lands on white's blot on white's 7: a hit, shown as 24/18*.
      { type: 'roll', by: 'black', dice: [6, 6] },
      { type: 'play', by: 'black', moves: parseMoveText('24/18(2) 13/7(2)') },
      { type: 'roll', by: 'white', dice: [5, 5] },
      { type: 'roll', by: 'black', dice: [2, 1] },
    ]);
    const labels = replayPoints(hit, { variant: 'backgammon' }).map((p) => p.label);
    expect(labels[1]).toBe('Game 1, white plays 13/7 6/5');
    expect(labels[3]).toBe('Game 1, black plays 24/18*(2) 13/7(2)');
    // The log goes on with black's roll: white's 5-5 passed.
    expect(labels[4]).toBe('Game 1, white rolls 5-5 and cannot move');
    expect(labels[5]).toBe('Game 1, black rolls 2-1');
  });
});

describe('replayPoints against the engine', () => {
  it.each(['backgammon', 'long-nardy'] as const)(
    'labels the plays of random %s money sessions with the engine text and the cube with its value',
    (variant) => {
      for (const seed of [3, 4, 5]) {
        const { events, states } = playRandomMatch(
          { variant, length: 0, rules: { beavers: true, automaticDoubles: 2, jacoby: true } },
          seed,
          { maxGames: 4, timeouts: false },
        );
        const rules = states[0].config.effectiveRules;
        const points = replayPoints(asApi(events), { variant, rules, length: 0 });
        const bySeq = new Map(points.map((p) => [p.seq, p]));
        events.forEach((event, i) => {
          const before: MatchState = states[i];
          const after: MatchState = states[i + 1];
          const point = bySeq.get(i + 1);
          if (event.type === 'play' && before.phase.kind === 'play') {
            const mover = JSON.stringify(after.game.board[event.by]);
            const other = JSON.stringify(after.game.board[event.by === 'white' ? 'black' : 'white']);
            const play = before.phase.plays.find(
              (p: Play) => JSON.stringify(p.position.player) === mover && JSON.stringify(p.position.opponent) === other,
            );
            expect(play).toBeDefined();
            expect(point?.label).toBe(`Game ${before.game.number}, ${event.by} plays ${play?.text}`);
          }
          if (event.type === 'double' && after.phase.kind === 'cube-response') {
            expect(point?.label).toContain(`doubles to ${after.phase.offer.value}`);
          }
          if (event.type === 'beaver' && after.phase.kind === 'cube-response') {
            expect(point?.label).toContain(`beavers to ${after.phase.offer.value}`);
          }
          if (event.type === 'take') expect(point?.label).toContain(`takes at ${after.game.cube.value}`);
          if (event.type === 'opening-roll' && event.white === event.black && after.game.cube.value > 1) {
            expect(point?.label).toContain(`the cube to ${after.game.cube.value}`);
          }
          if (event.type === 'roll' && after.phase.kind !== 'play') expect(point?.label).toContain('cannot move');
          if (event.type === 'roll' && after.phase.kind === 'play') expect(point?.label).not.toContain('cannot move');
        });
        const kinds = new Set<string>(REPLAY_KINDS);
        expect(points.length).toBe(events.filter((e) => kinds.has(e.type)).length);
      }
    },
  );
});

describe('replayTurns', () => {
  const point = (seq: number, kind: ReplayPoint['kind'], what: string, game = 1): ReplayPoint => ({
    seq,
    game,
    kind,
    what,
    label: `Game ${game}, ${what}`,
  });

  it('makes a throw and the play after it one stop, at the play; a throw that passes, the cube and the ends stay their own', () => {
    const turns = replayTurns([
      point(2, 'opening-roll', 'opening roll: alice 3, bob 3, thrown again'),
      point(3, 'opening-roll', 'opening roll: alice 6, bob 4'),
      point(4, 'play', 'alice plays 24/14'),
      point(5, 'roll', 'bob rolls 6-6 and cannot move'),
      point(6, 'double', 'alice doubles to 2'),
      point(7, 'take', 'bob takes at 2'),
      point(8, 'roll', 'alice rolls 2-1'),
      point(9, 'play', 'alice plays 13/11 6/5'),
    ]);
    expect(turns.map((t) => [t.seq, t.label])).toEqual([
      [2, 'Game 1, opening roll: alice 3, bob 3, thrown again'],
      [4, 'Game 1, opening roll: alice 6, bob 4; alice plays 24/14'],
      [5, 'Game 1, bob rolls 6-6 and cannot move'],
      [6, 'Game 1, alice doubles to 2'],
      [7, 'Game 1, bob takes at 2'],
      [9, 'Game 1, alice rolls 2-1; alice plays 13/11 6/5'],
    ]);
  });
});
