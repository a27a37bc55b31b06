import type { Notification } from '../core/notification.js';
import { BODY_CHARACTERS, pushPayloadOf, TITLE_CHARACTERS, topicOf, urgencyOf } from './push-payload.js';

const turn: Notification = {
  id: '5f0c8b8e-3b9e-4f2b-9d59-2d7d5e0f6a10',
  kind: 'turn',
  userId: '0b6f7c1e-8d1a-4c55-9a55-6b1f3c9f2a11',
  createdAt: '2026-11-27T10:00:00.000Z',
  matchId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  title: 'Your turn against alice',
  body: 'alice doubled to 2.',
  path: '/matches/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  data: { secret: 'not pushed' },
};

describe('the push payload (docs/web-push.md, "The push")', () => {
  it('carries the id, kind, match, text and the absolute page, and nothing of data', () => {
    expect(pushPayloadOf(turn, 'https://nardy.example.com/')).toEqual({
      id: turn.id,
      type: 'turn',
      matchId: turn.matchId,
      title: turn.title,
      body: turn.body,
      url: `https://nardy.example.com${turn.path}`,
    });
  });

  it('is urgent for a deadline, relaxed for news, and coalesced by match', () => {
    expect([urgencyOf('deadline'), urgencyOf('turn'), urgencyOf('finished')]).toEqual(['high', 'normal', 'low']);
    expect(topicOf(turn)).toBe('a1b2c3d4e5f64a7b8c9d0e1f2a3b4c5d');
    expect(topicOf({ ...turn, matchId: null })).toBeUndefined();
  });

  it('says which tournament news it is, of which tournament, and coalesces none of it', () => {
    const ready: Notification = {
      ...turn,
      kind: 'tournament',
      type: 'tournament.match-ready',
      tournamentId: '7c0e1f2a-3b4c-4d5e-8f60-718293a4b5c6',
    };
    expect(pushPayloadOf(ready, 'https://nardy.example.com')).toMatchObject({
      type: 'tournament.match-ready',
      matchId: turn.matchId,
      tournamentId: ready.tournamentId,
    });
    expect(urgencyOf('tournament')).toBe('low');
    expect(topicOf(ready)).toBeUndefined();
  });

  it('cuts a title or body too long for a push, with an ellipsis', () => {
    const long = { ...turn, title: 'é'.repeat(500), body: '🎲'.repeat(5000) };
    const payload = pushPayloadOf(long, 'https://nardy.example.com');
    expect([...payload.title]).toHaveLength(TITLE_CHARACTERS);
    expect([...payload.body]).toHaveLength(BODY_CHARACTERS);
    expect(payload.body.endsWith('🎲…')).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(4000);
  });
});
