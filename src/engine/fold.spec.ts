import type { MatchEvent } from './events.js';
import {
  apply,
  foldEvents,
  IllegalEventError,
  newMatch,
  replay,
  type FoldStep,
  type NewMatchOptions,
} from './index.js';
import { openingPlayed } from './testing/known-events.js';
import { playRandomMatch } from './testing/random-match.js';

const OPTIONS: NewMatchOptions = { variant: 'backgammon', length: 3 };
/** Both seats taken, white's 4-2 of the opening played 8/4 6/4. */
const OPENING: MatchEvent[] = [
  { type: 'join', colour: 'black', clientSeed: 'b' },
  { type: 'join', colour: 'white' },
  ...openingPlayed(4, 2, [8, 4], [6, 4]),
];

describe('foldEvents', () => {
  it('tells the visitor every step in order: its index, the state it found, the event, the state it led to', () => {
    const start = newMatch(OPTIONS);
    const steps: FoldStep[] = [];
    const end = foldEvents(start, OPENING, (step) => steps.push(step));
    expect(steps.map((step) => step.index)).toEqual([0, 1, 2, 3]);
    expect(steps.map((step) => step.event)).toEqual(OPENING);
    expect(steps[0].before).toBe(start);
    for (const [i, step] of steps.entries()) {
      const applied = apply(step.before, step.event);
      expect(applied.ok && applied.state).toEqual(step.after);
      if (i > 0) expect(step.before).toBe(steps[i - 1].after);
    }
    expect(end).toBe(steps[steps.length - 1].after);
    expect(foldEvents(start, [])).toBe(start);
  });

  it('numbers the steps by their place in the match’s log when it folds on from a later state', () => {
    const halfway = foldEvents(newMatch(OPTIONS), OPENING.slice(0, 2));
    const indexes: number[] = [];
    const end = foldEvents(halfway, OPENING.slice(2), ({ index }) => indexes.push(index));
    expect(indexes).toEqual([2, 3]);
    expect(end).toEqual(replay(OPTIONS, OPENING));
  });

  it('stops at the first event refused, with IllegalEventError naming its index, after visiting the steps before it', () => {
    const bad: MatchEvent[] = [...OPENING, { type: 'play', by: 'white', moves: [{ from: 13, to: 7 }] }, ...OPENING];
    const visited: number[] = [];
    let error: unknown;
    try {
      foldEvents(newMatch(OPTIONS), bad, ({ index }) => visited.push(index));
    } catch (err) {
      error = err;
    }
    expect(visited).toEqual([0, 1, 2, 3]);
    expect(error).toBeInstanceOf(IllegalEventError);
    expect(error).toMatchObject({ index: 4, event: bad[4], reason: 'not-your-turn' });
    const { detail, message } = error as IllegalEventError;
    expect(message).toBe(`event 4 (play): ${detail}`);
  });

  it('is what replay folds from the empty match, on random matches of both variants', () => {
    for (const variant of ['backgammon', 'long-nardy'] as const) {
      for (const seed of [1, 2, 3]) {
        const played = playRandomMatch({ variant, length: 5 }, seed);
        const afters: unknown[] = [];
        const end = foldEvents(newMatch(played.options), played.events, ({ after }) => afters.push(after));
        expect(end).toEqual(replay(played.options, played.events));
        expect(afters).toEqual(played.states.slice(1));
      }
    }
  });
});
