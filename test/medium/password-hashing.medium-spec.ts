import { AuthModule } from '../../src/auth/auth.module.js';
import { AuthService } from '../../src/auth/auth.service.js';
import { SecurityModule } from '../../src/security/security.module.js';
import { UsersModule } from '../../src/users/users.module.js';
import { UsersService } from '../../src/users/users.service.js';
import { Argon2Probe } from '../support/argon2-probe.js';
import { useMediumApp } from './medium-app.js';

const CONCURRENCY = 2;

const m = useMediumApp([SecurityModule, UsersModule, AuthModule], {
  env: { PASSWORD_HASH_CONCURRENCY: String(CONCURRENCY) },
});
let probe: Argon2Probe | undefined;
afterEach(() => probe?.restore());

const register = (username: string) => m.get(UsersService).register({ username, password: 'password-1234' });

describe('password hashing queue', () => {
  it(`never runs more than PASSWORD_HASH_CONCURRENCY (${CONCURRENCY}) argon2 computations at once under a flood of registrations and logins`, async () => {
    const { user, password } = await m.driver.newUser();
    probe = Argon2Probe.install();
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => register(`flood_${i}`)),
      ...Array.from({ length: 4 }, () => m.get(AuthService).issueToken(user.username, password)),
    ]);
    expect(probe.count('hash')).toBe(8);
    expect(probe.count('verify')).toBe(4);
    expect(probe.maxInFlight).toBeLessThanOrEqual(CONCURRENCY);
  });

  it('serves a login while registrations wait for the hasher: its verification starts before the queued hashes', async () => {
    const { user, password } = await m.driver.newUser();
    probe = Argon2Probe.install();
    probe.holdHashes();
    const registrations = Array.from({ length: 4 }, (_, i) => register(`queued_${i}`));
    const login = m.get(AuthService).issueToken(user.username, password);
    await probe.whenStarted('verify');
    const hashesStartedFirst = probe.count('hash');
    probe.release();
    await expect(login).resolves.toMatchObject({ tokenType: 'Bearer' });
    await Promise.all(registrations);
    expect(hashesStartedFirst).toBeLessThan(CONCURRENCY);
    expect(probe.count('hash')).toBe(4);
  });
});
