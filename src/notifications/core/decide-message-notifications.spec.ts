import { decideMessageNotification } from './decide-message-notifications.js';
import type { MatchFacts, Party } from './match-facts.js';
import type { MessageFacts } from '../../community/index.js';

const ann: Party = { id: 'a0000000-0000-4000-8000-000000000001', username: 'ann', houseBot: false, language: null };
const ben: Party = { id: 'b0000000-0000-4000-8000-000000000002', username: 'ben', houseBot: false, language: 'ru' };
const bot: Party = { id: 'c0000000-0000-4000-8000-000000000003', username: 'bot', houseBot: true, language: null };
const now = new Date('2026-12-01T12:00:00.000Z');

function match(fields: Partial<MatchFacts> = {}): MatchFacts {
  return {
    matchId: 'd0000000-0000-4000-8000-000000000009',
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
    turnStartedAt: null,
    deadline: null,
    winner: null,
    endReason: null,
    scoreWhite: 0,
    scoreBlack: 0,
    recentEvents: [],
    ...fields,
  };
}

const message = (authorId: string, text = 'Good luck!'): MessageFacts => ({
  id: 'e0000000-0000-4000-8000-00000000000a',
  matchId: 'd0000000-0000-4000-8000-000000000009',
  authorId,
  text,
  createdAt: new Date('2026-12-01T11:59:59.000Z'),
});

describe('decideMessageNotification', () => {
  it('tells the other player, in their language, with the message in the webhook data', () => {
    const decided = decideMessageNotification(message(ann.id, 'Удачи!'), match(), now);
    expect(decided?.still).toEqual({ kind: 'always' });
    expect(decided?.notification).toMatchObject({
      kind: 'message',
      userId: ben.id,
      language: 'ru',
      title: 'ann пишет вам',
      body: '«Удачи!» (Короткие нарды, матч до 5 очков)',
      path: '/matches/d0000000-0000-4000-8000-000000000009',
      data: {
        matchId: 'd0000000-0000-4000-8000-000000000009',
        variant: 'backgammon',
        length: 5,
        messageId: 'e0000000-0000-4000-8000-00000000000a',
        from: 'ann',
        text: 'Удачи!',
        createdAt: '2026-12-01T11:59:59.000Z',
      },
    });
  });

  it('tells the author nothing, gives one id per message and reader, and tells no house bot', () => {
    const toAnn = decideMessageNotification(message(ben.id), match(), now);
    expect(toAnn?.notification).toMatchObject({
      userId: ann.id,
      title: 'ben wrote to you',
      body: '“Good luck!” (Backgammon, 5-point match)',
    });
    expect(toAnn?.notification.language).toBeUndefined();
    const again = decideMessageNotification(message(ben.id), match(), new Date(now.getTime() + 60_000));
    expect(again?.notification.id).toBe(toAnn?.notification.id);
    expect(decideMessageNotification(message(ann.id), match(), now)?.notification.id).not.toBe(toAnn?.notification.id);
    expect(decideMessageNotification(message(ann.id), match({ black: bot }), now)).toBeNull();
    // An author no longer seated (or never): nobody.
    expect(decideMessageNotification(message(bot.id), match(), now)).toBeNull();
  });
});
