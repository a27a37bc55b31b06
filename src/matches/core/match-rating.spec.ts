import {
  apply,
  newMatch,
  recordsDue,
  toAct,
  type Colour,
  type MatchEvent,
  type MatchState,
  type NewMatchOptions,
} from '../../engine/index.js';
import { CHOICES_TO_RATE, ratedEndOf } from './match-rating.js';

const SEATS = { white: 'white-id', black: 'black-id' } as const;

function run(state: MatchState, ...events: MatchEvent[]): MatchState {
  return events.reduce((s, event) => {
    const result = apply(s, event);
    if (!result.ok) throw new Error(`refused ${event.type}: ${result.reason} (${result.message})`);
    return result.state;
  }, state);
}

/** The state after the events and the records they make due (game-end, match-end), as the service appends them. */
function settled(state: MatchState, ...events: MatchEvent[]): MatchState {
  let s = run(state, ...events);
  for (let due = recordsDue(s); due.length > 0; due = recordsDue(s)) s = run(s, ...due);
  return s;
}

/** Seated, white opening with 3-1 (a roll with many plays). */
function opened(options: NewMatchOptions = { variant: 'backgammon', length: 5 }): MatchState {
  return run(
    newMatch(options),
    { type: 'join', colour: 'white' },
    { type: 'join', colour: 'black' },
    { type: 'opening-roll', white: 3, black: 1 },
  );
}

/** The player to play plays the first legal play; the other then rolls 6-5 (a roll with a choice). */
function playThenRoll(state: MatchState): MatchState {
  const { phase } = state;
  if (phase.kind !== 'play') throw new Error(`nobody is to play (${phase.kind})`);
  const played = run(state, { type: 'play', by: phase.player, moves: phase.plays[0].moves });
  const next = played.phase;
  if (next.kind !== 'roll') throw new Error(`no roll after the play (${next.kind})`);
  return run(played, { type: 'roll', by: next.player, dice: [6, 5] });
}

/** White and black each play `plays` times from the opening, white first. */
function afterPlays(plays: { white: number; black: number }): MatchState {
  let s = opened();
  const made = { white: 0, black: 0 };
  while (made.white < plays.white || made.black < plays.black) {
    const phase = s.phase;
    if (phase.kind !== 'play') throw new Error(`nobody is to play (${phase.kind})`);
    made[phase.player]++;
    s = playThenRoll(s);
  }
  return s;
}

const end = (before: MatchState, event: MatchEvent, rated = true) =>
  ratedEndOf(rated, 5, SEATS, before, settled(before, event));

const leaveBy = (by: Colour): MatchEvent => ({ type: 'leave', by });

describe('ratedEndOf', () => {
  it('aborts a rated match left at once: the leaver is named, nothing is rated', () => {
    expect(CHOICES_TO_RATE).toBe(3);
    expect(end(opened(), leaveBy('white'))).toEqual({ abortedBy: 'white-id' });
    expect(end(opened(), leaveBy('black'))).toEqual({ abortedBy: 'black-id' });
  });

  it('aborts a match left while either player has made fewer than 3 real decisions, whoever leaves', () => {
    // White has played 3 times and black twice, black to play: either leaving aborts.
    const short = afterPlays({ white: 3, black: 2 });
    expect(short.choices).toEqual({ white: 3, black: 2 });
    expect(end(short, leaveBy('white'))).toEqual({ abortedBy: 'white-id' });
    expect(end(short, leaveBy('black'))).toEqual({ abortedBy: 'black-id' });
  });

  it('aborts a timeout before the decisions too, in the name of the player who let the clock run out', () => {
    // Black is to play after white's first play and black's roll: white claims the timeout.
    expect(end(afterPlays({ white: 1, black: 0 }), { type: 'timeout', by: 'white' })).toEqual({
      abortedBy: 'black-id',
    });
  });

  it('rates a match left once both players have made 3 real decisions, as a forfeit (its reason kept)', () => {
    const played = afterPlays({ white: 3, black: 3 });
    expect(played.choices).toEqual({ white: 3, black: 3 });
    expect(end(played, leaveBy('white'))).toEqual({
      winnerId: 'black-id',
      loserId: 'white-id',
      length: 5,
      reason: 'leave',
      winner: { gammons: 0, backgammons: 0 },
      loser: { gammons: 0, backgammons: 0 },
    });
  });

  it('rates a timeout once both players have made 3 real decisions, as a forfeit too', () => {
    const played = afterPlays({ white: 3, black: 3 });
    const late = toAct(played);
    if (late !== 'white' && late !== 'black') throw new Error('a player should be on the clock');
    expect(end(played, { type: 'timeout', by: late === 'white' ? 'black' : 'white' })).toMatchObject({
      loserId: `${late}-id`,
      reason: 'timeout',
    });
  });

  it('rates a match won on points however few plays were made, and leaves an unrated match alone', () => {
    const before = run(opened({ variant: 'backgammon', length: 1 }), { type: 'resign', by: 'white', value: 1 });
    expect(ratedEndOf(true, 1, SEATS, before, settled(before, { type: 'resignation-accept', by: 'black' }))).toEqual(
      expect.objectContaining({ winnerId: 'black-id', loserId: 'white-id', reason: 'points' }),
    );
    expect(end(opened(), leaveBy('white'), false)).toBeNull();
  });
});
