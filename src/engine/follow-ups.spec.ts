import type { MatchEvent } from './events.js';
import {
  betweenMoneyGames,
  foldEvents,
  followUps,
  newMatch,
  type Dice,
  type DiceSource,
  type FollowUpContext,
  type MatchState,
  type NewMatchOptions,
  type OpeningThrow,
} from './index.js';
import { playRandomMatch } from './testing/random-match.js';

/** Dice thrown in the order given, whatever the roll index; then `then` (if given) again and again. */
function scripted(
  throws: readonly (readonly [number, number])[],
  then?: readonly [number, number],
): DiceSource & { readonly indexes: number[] } {
  const queue = [...throws];
  const indexes: number[] = [];
  const next = (rollIndex: number): readonly [number, number] => {
    indexes.push(rollIndex);
    const thrown = queue.shift() ?? then;
    if (thrown === undefined) throw new Error('no throw left in the script');
    return thrown;
  };
  return {
    indexes,
    opening: (_context, rollIndex): OpeningThrow => {
      const [white, black] = next(rollIndex);
      return { white, black } as OpeningThrow;
    },
    roll: (_context, rollIndex): Dice => next(rollIndex) as unknown as Dice,
  };
}

const context = (roller: DiceSource, autoPlayForced = false): FollowUpContext => ({
  dice: { seed: '00', matchId: 'm', clientSeeds: [] },
  roller,
  autoPlayForced: () => autoPlayForced,
});

const seated = (options: NewMatchOptions, events: readonly MatchEvent[] = []): MatchState =>
  foldEvents(newMatch(options), [{ type: 'join', colour: 'white' }, { type: 'join', colour: 'black' }, ...events]);

describe('followUps', () => {
  it('throws the opening again after a tie, each throw at the state’s roll index, and stops where a player decides', () => {
    const roller = scripted([
      [4, 4],
      [6, 1],
    ]);
    const { state, added } = followUps(seated({ variant: 'backgammon', length: 3 }), context(roller));
    expect(added.map(({ event, player }) => [event, player])).toEqual([
      [{ type: 'opening-roll', white: 4, black: 4 }, null],
      [{ type: 'opening-roll', white: 6, black: 1 }, null],
    ]);
    expect(roller.indexes).toEqual([0, 1]);
    expect(added[1].state).toBe(state);
    expect(state.phase).toMatchObject({ kind: 'play', player: 'white' });
  });

  it('rolls for a player who may not double, and plays the only legal play for a player who asked for it', () => {
    // A roll with one legal play, found in random matches without a cube (every roll is the server's).
    const played = playRandomMatch({ variant: 'backgammon', length: 5, rules: { cube: false } }, 7, {
      timeouts: false,
    });
    const at = played.states.findIndex((state) => state.phase.kind === 'play' && state.phase.plays.length === 1);
    const [before, rolled] = [played.states[at - 1], played.events[at - 1]];
    if (rolled.type !== 'roll' || before.phase.kind !== 'roll') throw new Error('no roll with a forced play found');
    const only = played.states[at].phase.kind === 'play' ? played.states[at].phase.plays[0] : null;

    const unasked = followUps(before, context(scripted([rolled.dice])));
    expect(unasked.added.map(({ event, player }) => [event, player])).toEqual([[rolled, null]]);
    expect(unasked.state.phase.kind).toBe('play');

    const asked = followUps(before, context(scripted([rolled.dice], [6, 5]), true));
    expect(asked.added[0].event).toEqual(rolled);
    expect(asked.added[1]).toMatchObject({
      event: { type: 'play', by: rolled.by, moves: only?.moves },
      player: rolled.by,
    });
  });

  it('appends the records a finished game needs, and throws nothing between the games of a money session', () => {
    const state = seated({ variant: 'backgammon', length: 0 }, [
      { type: 'opening-roll', white: 6, black: 1 },
      { type: 'resign', by: 'black', value: 1 },
      { type: 'resignation-accept', by: 'white' },
    ]);
    const roller = scripted([]);
    const { state: after, added } = followUps(state, context(roller));
    expect(added.map(({ event }) => event.type)).toEqual(['game-end']);
    expect(roller.indexes).toEqual([]);
    expect(betweenMoneyGames(after)).toBe(true);
    expect(betweenMoneyGames(state)).toBe(false);
  });
});
