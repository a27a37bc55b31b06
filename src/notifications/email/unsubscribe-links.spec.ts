import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { hasSecretShape } from '../../common/log-redaction.js';
import { NOTIFICATION_KINDS } from '../core/notification.js';
import {
  parseUnsubscribeToken,
  unsubscribeMacMatches,
  unsubscribeToken,
  unsubscribeTokenExpired,
} from './unsubscribe-links.js';

const ANN = '00000000-0000-4000-8000-000000000001';
const BOB = '00000000-0000-4000-8000-000000000002';
const MADE = new Date('2026-01-10T12:00:00.500Z');
const DAY_MS = 86_400_000;

describe('unsubscribe tokens', () => {
  const key = randomBytes(32);

  it('name the account, kind and time made, and check under the key they were made with', () => {
    const parsed = parseUnsubscribeToken(unsubscribeToken(ANN, 'turn', MADE, key))!;
    expect(parsed).toMatchObject({ userId: ANN, kind: 'turn', issuedAt: Math.floor(MADE.getTime() / 1000) });
    expect(unsubscribeMacMatches(parsed, key, parsed.mac)).toBe(true);
  });

  it('do not check for another kind, account, time or key', () => {
    const parsed = parseUnsubscribeToken(unsubscribeToken(ANN, 'turn', MADE, key))!;
    const { mac } = parsed;
    expect(unsubscribeMacMatches({ ...parsed, kind: 'invitation' }, key, mac)).toBe(false);
    expect(unsubscribeMacMatches({ ...parsed, userId: BOB }, key, mac)).toBe(false);
    expect(unsubscribeMacMatches({ ...parsed, issuedAt: parsed.issuedAt! + 1 }, key, mac)).toBe(false);
    expect(unsubscribeMacMatches(parsed, randomBytes(32), mac)).toBe(false);
    expect(unsubscribeMacMatches(parsed, key, mac.slice(1))).toBe(false);
  });

  it('cannot be moved to a later time: any other time in the token fails its check', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NOTIFICATION_KINDS), fc.integer({ min: 1, max: 10 ** 9 }), (kind, later) => {
        const parsed = parseUnsubscribeToken(unsubscribeToken(ANN, kind, MADE, key))!;
        expect(unsubscribeMacMatches({ ...parsed, issuedAt: parsed.issuedAt! + later }, key, parsed.mac)).toBe(false);
      }),
    );
  });

  it('expire after their days, and a token of the first form (no time) is expired', () => {
    const issuedAt = parseUnsubscribeToken(unsubscribeToken(ANN, 'turn', MADE, key))!.issuedAt;
    expect(unsubscribeTokenExpired(issuedAt, 60, new Date(MADE.getTime() + 59 * DAY_MS))).toBe(false);
    expect(unsubscribeTokenExpired(issuedAt, 60, new Date(MADE.getTime() + 60 * DAY_MS))).toBe(true);
    expect(unsubscribeTokenExpired(null, 60, MADE)).toBe(true);
  });

  it('read a token of the first form, without time, whose MAC was of the account and kind', () => {
    const firstFormMac = createHmac('sha256', key).update(`unsubscribe\0${ANN}\0turn`).digest('base64url');
    const parsed = parseUnsubscribeToken(`${ANN}.turn.${firstFormMac}`)!;
    expect(parsed).toMatchObject({ userId: ANN, kind: 'turn', issuedAt: null });
    expect(unsubscribeMacMatches(parsed, key, parsed.mac)).toBe(true);
  });

  it('are secrets the log knows by their shape', () => {
    expect(hasSecretShape(unsubscribeToken(ANN, 'turn', MADE, key))).toBe(true);
  });

  it('refuse what is not shaped as one', () => {
    for (const token of [
      '',
      'x',
      `${ANN}.turn`,
      `${ANN}.chat.abc`,
      `not-a-uuid.turn.abc`,
      `${ANN}.turn.a.b`,
      `nardy_us_${ANN}.turn.abc`,
      `nardy_us_${ANN}.turn.12x.abc`,
      `nardy_us_${ANN}.turn.1.`,
    ]) {
      expect(parseUnsubscribeToken(token)).toBeNull();
    }
  });
});
