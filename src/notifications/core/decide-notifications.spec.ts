import { deadlineReminder, decideNotifications, matchName } from './decide-notifications.js';
import type { MatchFacts, Party } from './match-facts.js';

const ann: Party = { id: 'a0000000-0000-4000-8000-000000000001', username: 'ann', houseBot: false, language: null };
const ben: Party = { id: 'b0000000-0000-4000-8000-000000000002', username: 'ben', houseBot: false, language: null };
const bot: Party = { id: 'c0000000-0000-4000-8000-000000000003', username: 'bot', houseBot: true, language: null };
const now = new Date('2026-11-27T12:00:00.000Z');

function facts(fields: Partial<MatchFacts>): MatchFacts {
  return {
    matchId: 'm0000000-0000-4000-8000-000000000009',
    status: 'playing',
    source: 'played',
    variant: 'backgammon',
    length: 5,
    daysPerTurn: 2,
    version: 10,
    creator: ann,
    invited: ben,
    white: ann,
    black: ben,
    turnUserId: ben.id,
    awaiting: 'roll',
    turnStartedAt: new Date('2026-11-27T10:00:00.000Z'),
    deadline: new Date('2026-11-29T10:00:00.000Z'),
    winner: null,
    endReason: null,
    scoreWhite: 1,
    scoreBlack: 3,
    recentEvents: [{ type: 'play', actorId: ann.id }],
    ...fields,
  };
}

describe('decideNotifications', () => {
  it('tells the invited person of an invitation, and nobody when a house bot is invited', () => {
    const [decided, ...rest] = decideNotifications(facts({ status: 'invited', turnUserId: ben.id }), now);
    expect(rest).toEqual([]);
    expect(decided.notification).toMatchObject({
      kind: 'invitation',
      userId: ben.id,
      title: 'ann invites you to play',
    });
    expect(decided.still).toEqual({ kind: 'invited' });
    expect(decideNotifications(facts({ status: 'invited', invited: bot, turnUserId: bot.id }), now)).toEqual([]);
  });

  it('tells the player handed the turn, with what to do and the score from their side', () => {
    const [decided] = decideNotifications(facts({}), now);
    expect(decided.notification).toMatchObject({
      kind: 'turn',
      userId: ben.id,
      title: 'Your turn against ann',
      body: 'It is your roll. Backgammon, 5-point match, score 3-1.',
      path: '/matches/m0000000-0000-4000-8000-000000000009',
    });
    expect(decided.still).toEqual({ kind: 'turn', userId: ben.id, version: 10 });
  });

  it('gives the same id to the same turn decided twice, another to the next turn', () => {
    const once = decideNotifications(facts({}), now)[0].notification.id;
    expect(decideNotifications(facts({}), new Date('2026-11-27T12:05:00.000Z'))[0].notification.id).toBe(once);
    expect(decideNotifications(facts({ version: 12 }), now)[0].notification.id).not.toBe(once);
  });

  it('tells nobody of a turn whose last event is the player’s own (a roll before its play)', () => {
    expect(
      decideNotifications(facts({ awaiting: 'play', recentEvents: [{ type: 'roll', actorId: ben.id }] }), now),
    ).toEqual([]);
  });

  it('tells nobody when the opponent answered the player’s own offer, even with the server’s roll after it', () => {
    const taken = facts({
      turnUserId: ann.id,
      awaiting: 'play',
      recentEvents: [
        { type: 'roll', actorId: ben.id },
        { type: 'take', actorId: ben.id },
        { type: 'double', actorId: ann.id },
      ],
    });
    expect(decideNotifications(taken, now)).toEqual([]);
  });

  it('tells the player asked to answer a double', () => {
    const doubled = facts({ awaiting: 'cube-response', recentEvents: [{ type: 'double', actorId: ann.id }] });
    expect(decideNotifications(doubled, now)[0].notification.body).toBe(
      'ann doubles: take or pass? Backgammon, 5-point match, score 3-1.',
    );
  });

  it('never tells a house bot of its turn', () => {
    expect(decideNotifications(facts({ black: bot, turnUserId: bot.id }), now)).toEqual([]);
  });

  it('tells both people of the end, each from their side; a house bot nothing', () => {
    const over = facts({ status: 'finished', turnUserId: null, winner: 'black', endReason: 'points', scoreBlack: 5 });
    const decided = decideNotifications(over, now).map((d) => d.notification);
    expect(decided.map((n) => [n.userId, n.title, n.data.won])).toEqual([
      [ann.id, 'You lost against ben', false],
      [ben.id, 'You won against ann', true],
    ]);
    expect(decideNotifications({ ...over, black: bot }, now).map((d) => d.notification.userId)).toEqual([ann.id]);
  });

  it('notifies nothing of an imported match, an aborted or a declined one', () => {
    expect(decideNotifications(facts({ source: 'imported' }), now)).toEqual([]);
    expect(decideNotifications(facts({ status: 'aborted' }), now)).toEqual([]);
    expect(decideNotifications(facts({ status: 'declined' }), now)).toEqual([]);
  });
});

describe('deadlineReminder', () => {
  it('reminds the player on turn of the deadline, once per deadline', () => {
    const reminder = deadlineReminder(facts({ deadline: new Date('2026-11-28T08:00:00.000Z') }), now);
    expect(reminder?.notification).toMatchObject({
      kind: 'deadline',
      userId: ben.id,
      title: 'About 20 h left to move against ann',
    });
    expect(reminder?.still).toEqual({ kind: 'deadline', userId: ben.id, deadline: '2026-11-28T08:00:00.000Z' });
  });

  it('reminds nobody without a clock, or a house bot', () => {
    expect(deadlineReminder(facts({ deadline: null }), now)).toBeNull();
    expect(deadlineReminder(facts({ black: bot, turnUserId: bot.id }), now)).toBeNull();
  });
});

describe('in the language kept on the account', () => {
  const russianBen: Party = { ...ben, language: 'ru' };

  it('tells each person in their own language, the webhook data unchanged', () => {
    const [decided] = decideNotifications(facts({ black: russianBen }), now);
    expect(decided.notification.language).toBe('ru');
    expect(decided.notification.title).toMatch(/\p{Script=Cyrillic}/u);
    expect(decided.notification.title).toContain('ann');
    expect(decided.notification.body).toMatch(/\p{Script=Cyrillic}/u);
    expect(decided.notification.body).toContain('3');
    expect(decided.notification.data).toMatchObject({
      opponent: 'ann',
      awaiting: 'roll',
      score: { you: 3, opponent: 1 },
    });
    // The same turn for an account with no language: English, and no language said.
    const [english] = decideNotifications(facts({}), now);
    expect(english.notification.language).toBeUndefined();
    expect(english.notification.id).toBe(decided.notification.id);
  });

  it('words the end and the deadline in Armenian and Lithuanian', () => {
    const over = facts({
      status: 'finished',
      turnUserId: null,
      winner: 'black',
      endReason: 'timeout',
      scoreBlack: 5,
      white: { ...ann, language: 'hy' },
    });
    const [annNote] = decideNotifications(over, now).map((d) => d.notification);
    expect(annNote.title).toMatch(/\p{Script=Armenian}/u);
    const reminder = deadlineReminder(
      facts({ black: { ...ben, language: 'lt' }, deadline: new Date('2026-11-28T08:00:00.000Z') }),
      now,
    );
    expect(reminder?.notification.title).toContain('20');
    expect(reminder?.notification.title).not.toContain('left to move');
    expect(reminder?.notification.body).toContain('2026-11-28 08:00');
  });

  it('names a match in each language', () => {
    expect(matchName({ variant: 'long-nardy', length: 0 }, 'ru')).toMatch(/длинные нарды/iu);
    expect(matchName({ variant: 'backgammon', length: 5 }, 'lt')).toContain('5');
  });
});

it('names a match by variant and length', () => {
  expect(matchName({ variant: 'long-nardy', length: 0 })).toBe('Long nardy, money session');
  expect(matchName({ variant: 'backgammon', length: 7 })).toBe('Backgammon, 7-point match');
});
