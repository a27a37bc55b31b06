import webpush from 'web-push';
import { EnvironmentError, validateEnvironment } from '../../config/environment.js';
import type { ConfigService } from '@nestjs/config';
import { SystemClock } from '../../common/clock.js';
import type { Environment } from '../../config/environment.js';
import { Vapid, isVapidKeyPair, mailtoOf } from './vapid.js';
import type { VapidKeysRepository } from './vapid-keys.repository.js';

/** The push module's Vapid on `settings`, with no database (a configured pair is never stored). */
function vapidOn(settings: Partial<Environment>): Vapid {
  const config = { get: (key: keyof Environment) => settings[key] } as unknown as ConfigService<Environment, true>;
  const unused = {} as VapidKeysRepository;
  return new Vapid(config, unused, new SystemClock());
}

describe('the VAPID settings (docs/web-push.md, "VAPID")', () => {
  const pair = webpush.generateVAPIDKeys();

  it('take a configured pair, as web-push prints it', () => {
    const env = validateEnvironment({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect([env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY]).toEqual([pair.publicKey, pair.privateKey]);
  });

  it.each([
    ['the public key alone', { VAPID_PUBLIC_KEY: pair.publicKey }],
    ['the private key alone', { VAPID_PRIVATE_KEY: pair.privateKey }],
  ])('refuse %s at boot, naming both', (_, raw) => {
    expect(() => validateEnvironment(raw)).toThrow(EnvironmentError);
    expect(() => validateEnvironment(raw)).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both/);
  });

  it('make the subject mailto: the address of MAIL_FROM when VAPID_SUBJECT is unset', () => {
    expect(mailtoOf('Nardy <nardy@example.com>')).toBe('mailto:nardy@example.com');
    expect(mailtoOf(' games@example.org ')).toBe('mailto:games@example.org');
  });

  it('tell a key pair from two keys that do not belong together', () => {
    const other = webpush.generateVAPIDKeys();
    expect(isVapidKeyPair(pair)).toBe(true);
    expect(isVapidKeyPair({ publicKey: other.publicKey, privateKey: pair.privateKey })).toBe(false);
    expect(isVapidKeyPair({ publicKey: pair.publicKey, privateKey: 'A'.repeat(43) })).toBe(false);
  });

  it('stop the start when the configured keys are not one pair, and sign with them when they are', async () => {
    const other = webpush.generateVAPIDKeys();
    const mixed = vapidOn({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    await expect(mixed.onModuleInit()).rejects.toThrow(/not one P-256 key pair/);
    const good = vapidOn({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      MAIL_FROM: 'N <n@x.org>',
    });
    await good.onModuleInit();
    expect(good.current).toEqual({ ...pair, subject: 'mailto:n@x.org' });
  });
});
