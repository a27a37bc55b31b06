import type { MatchSummary } from '../api/client.js';
import {
  awaitedText,
  invitationRole,
  lastPlayMessageOf,
  lastPlayOf,
  lengthText,
  matchKind,
  opponentOf,
  scoreText,
  seatOf,
  statusText,
} from './match-labels.js';

/** A match between alice (white) and bob (black), 2–1 to white, bob to play. */
function summary(changes: Partial<MatchSummary> = {}): MatchSummary {
  return {
    id: '7d0b8c2e-1f55-4b55-9a55-1c2d3e4f5a6b',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    finishedAt: null,
    daysPerTurn: 3,
    length: 5,
    variant: 'backgammon',
    opponent: 'bob',
    players: { white: { username: 'alice', bot: false }, black: { username: 'bob', bot: false } },
    result: null,
    score: { white: 2, black: 1 },
    source: 'played',
    status: 'playing',
    turn: { awaiting: 'play', player: 'black', deadline: '2026-11-24T10:00:00.000Z' },
    version: 30,
    lastPlay: null,
    ...changes,
  };
}

/** alice's invitation to bob, or open challenge: bob has not joined yet. */
const invitation = (opponent: string | null): MatchSummary =>
  summary({
    status: 'invited',
    opponent,
    players: { white: { username: 'alice', bot: false }, black: null },
    score: { white: 0, black: 0 },
    turn: { awaiting: null, player: null, deadline: null },
  });

describe('match labels', () => {
  it('names the kind of match, a length of 0 being a money session', () => {
    expect(matchKind(summary())).toBe('Backgammon, 5 points');
    expect(matchKind({ variant: 'long-nardy', length: 0 })).toBe('Long nardy, money session');
    expect(lengthText(1)).toBe('1 point');
  });

  it('finds the viewer’s seat and opponent regardless of the case of the username', () => {
    expect(seatOf(summary(), 'BOB')).toBe('black');
    expect(seatOf(summary(), 'carol')).toBeNull();
    expect(opponentOf(summary(), 'Bob')?.username).toBe('alice');
    expect(opponentOf(summary(), 'alice')?.username).toBe('bob');
  });

  it('faces the creator with the invited player, and nobody yet in an open challenge', () => {
    expect(opponentOf(invitation('bob'), 'alice')?.username).toBe('bob');
    expect(opponentOf(invitation('bob'), 'bob')?.username).toBe('alice');
    expect(opponentOf(invitation(null), 'alice')).toBeNull();
  });

  it('gives the score from the viewer’s seat first, white first for a spectator', () => {
    expect(scoreText(summary(), 'alice')).toBe('2–1');
    expect(scoreText(summary(), 'bob')).toBe('1–2');
    expect(scoreText(summary(), null)).toBe('2–1');
  });

  it('tells the invited player, the creator and anyone else apart while the match waits', () => {
    expect(invitationRole(invitation('bob'), 'bob')).toBe('invited');
    expect(invitationRole(invitation('bob'), 'alice')).toBe('creator');
    expect(invitationRole(invitation(null), 'carol')).toBe('open');
    expect(invitationRole(invitation('bob'), 'carol')).toBeNull();
    expect(invitationRole(summary(), 'bob')).toBeNull();
    expect(statusText(invitation('bob'), 'bob')).toBe('Invitation to you');
    expect(statusText(invitation('bob'), 'alice')).toBe('Invitation sent');
    expect(statusText(invitation(null), 'carol')).toBe('Open challenge');
  });

  it('says who won a finished match, and how, from the viewer’s side', () => {
    const won = summary({
      status: 'finished',
      result: { winner: 'white', reason: 'timeout', score: { white: 3, black: 1 } },
    });
    expect(statusText(won, 'alice')).toBe('Won on time');
    expect(statusText(won, 'bob')).toBe('Lost on time');
    expect(statusText(won, null)).toBe('alice won on time');
    const even = summary({
      status: 'finished',
      length: 0,
      result: { winner: null, reason: 'leave', score: won.score },
    });
    expect(statusText(even, 'alice')).toBe('Finished even');
  });

  it('says what the match waits for, and from whom', () => {
    expect(awaitedText(summary(), 'bob')).toBe('Your play');
    expect(awaitedText(summary(), 'alice')).toBe('bob’s play');
    expect(
      awaitedText(summary({ turn: { awaiting: 'cube-response', player: 'white', deadline: null } }), 'alice'),
    ).toBe('Your answer to a double');
    expect(awaitedText(invitation('bob'), 'bob')).toBe('Your answer to the invitation');
    expect(awaitedText(invitation(null), 'alice')).toBe('Someone to join');
    expect(awaitedText(summary({ status: 'aborted' }), 'alice')).toBe('');
  });
});

describe('lastPlayOf', () => {
  const played = { by: 'black' as const, dice: [6, 4], moves: [{ from: 24, to: 14 }], text: '24/14' };
  it('names who played, the dice and the play, from the viewer’s side', () => {
    expect(lastPlayOf(summary({ lastPlay: played }), 'alice')).toBe('bob played 6-4: 24/14');
    expect(lastPlayOf(summary({ lastPlay: played }), 'bob')).toBe('You played 6-4: 24/14');
    expect(lastPlayOf(summary({ lastPlay: { ...played, moves: [], text: '' } }), 'alice')).toBe(
      'bob rolled 6-4 and could not move',
    );
    expect(lastPlayOf(summary(), 'alice')).toBe('');
  });

  it('marks the play’s notation, which no translation touches', () => {
    expect(lastPlayMessageOf(summary({ lastPlay: played }), 'alice')).toEqual({
      id: 'ui.lastPlay.played',
      values: { player: 'bob', dice: '6-4', play: '24/14' },
    });
    expect(lastPlayMessageOf(summary(), 'alice')).toBeNull();
  });
});
