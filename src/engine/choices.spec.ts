import { foldEvents, newMatch, replay, type MatchState } from './index.js';
import { playRandomMatch } from './testing/random-match.js';
import type { Colour } from './types.js';

/**
 * MatchState.choices (docs/rules.md "Ratings"): each player's checker plays made when the roll had
 * more than one legal play; a forced play counts for nobody, whoever makes it.
 */
describe('the real decisions each player made (MatchState.choices)', () => {
  const played = playRandomMatch({ variant: 'backgammon', length: 5, rules: { cube: false } }, 7, { timeouts: false });

  /** The count by hand: every play event whose state before it offered more than one play. */
  function counted(upTo: number): Record<Colour, number> {
    const count = { white: 0, black: 0 };
    for (let i = 0; i < upTo; i++) {
      const event = played.events[i];
      const phase = played.states[i].phase;
      if (event.type === 'play' && phase.kind === 'play' && phase.plays.length > 1) count[event.by]++;
    }
    return count;
  }

  it('counts the plays with a choice and leaves out the forced ones, at every event of a random match', () => {
    const forced = played.states.filter((s) => s.phase.kind === 'play' && s.phase.plays.length === 1).length;
    expect(forced).toBeGreaterThan(0);
    played.states.forEach((state: MatchState, i) => expect(state.choices).toEqual(counted(i)));
    const { white, black } = played.states[played.states.length - 1].choices;
    const plays = played.events.filter((e) => e.type === 'play').length;
    expect(white + black).toBe(plays - forced);
  });

  it('starts at none and is rebuilt by a replay of the stored events', () => {
    expect(newMatch({ variant: 'long-nardy', length: 3 }).choices).toEqual({ white: 0, black: 0 });
    const end = played.states[played.states.length - 1];
    expect(replay(played.options, played.events).choices).toEqual(end.choices);
    expect(foldEvents(newMatch(played.options), played.events.slice(0, 12)).choices).toEqual(counted(12));
  });
});
