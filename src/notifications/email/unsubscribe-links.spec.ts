import { randomBytes } from 'node:crypto';
import { parseUnsubscribeToken, unsubscribeMacMatches, unsubscribeToken } from './unsubscribe-links.js';

const ANN = '00000000-0000-4000-8000-000000000001';
const BOB = '00000000-0000-4000-8000-000000000002';

describe('unsubscribe tokens', () => {
  const key = randomBytes(32);

  it('name the account and kind, and check under the key they were made with', () => {
    const parsed = parseUnsubscribeToken(unsubscribeToken(ANN, 'turn', key))!;
    expect(parsed).toMatchObject({ userId: ANN, kind: 'turn' });
    expect(unsubscribeMacMatches(parsed.userId, parsed.kind, key, parsed.mac)).toBe(true);
  });

  it('do not check for another kind, another account or another key', () => {
    const { mac } = parseUnsubscribeToken(unsubscribeToken(ANN, 'turn', key))!;
    expect(unsubscribeMacMatches(ANN, 'invitation', key, mac)).toBe(false);
    expect(unsubscribeMacMatches(BOB, 'turn', key, mac)).toBe(false);
    expect(unsubscribeMacMatches(ANN, 'turn', randomBytes(32), mac)).toBe(false);
    expect(unsubscribeMacMatches(ANN, 'turn', key, mac.slice(1))).toBe(false);
  });

  it('refuse what is not shaped as one', () => {
    for (const token of ['', 'x', `${ANN}.turn`, `${ANN}.chat.abc`, `not-a-uuid.turn.abc`, `${ANN}.turn.a.b`]) {
      expect(parseUnsubscribeToken(token)).toBeNull();
    }
  });
});
