import type { ConfigService } from '@nestjs/config';
import { EnvironmentError, validateEnvironment, type Environment } from '../config/environment.js';
import { PasswordHasher } from './password-hasher.js';

function hasherWith(raw: Record<string, string>): PasswordHasher {
  const env = validateEnvironment(raw);
  const config = { get: (key: keyof Environment) => env[key] } as unknown as ConfigService<Environment, true>;
  return new PasswordHasher(config);
}

describe('PasswordHasher', () => {
  it('hashes with argon2id at argon2’s own default, 64 MiB and 3 passes, unless told otherwise', async () => {
    const hasher = hasherWith({});
    const hash = await hasher.hash('quartz-lantern-7');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    await expect(hasher.verify(hash, 'quartz-lantern-7')).resolves.toBe(true);
    await expect(hasher.verify(hash, 'quartz-lantern-8')).resolves.toBe(false);
    await expect(hasher.verify(undefined, 'quartz-lantern-7')).resolves.toBe(false);
  });

  it('hashes with PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_PASSES; a hash made at other settings still verifies', async () => {
    const hasher = hasherWith({ PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_PASSES: '2' });
    const hash = await hasher.hash('quartz-lantern-7');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=4,t=2\$/);
    await expect(hasherWith({}).verify(hash, 'quartz-lantern-7')).resolves.toBe(true);
  });

  it.each([
    ['PASSWORD_HASH_MEMORY_KIB', '19455'],
    ['PASSWORD_HASH_PASSES', '1'],
  ])('refuses %s=%s, below OWASP’s lowest argon2id setting (19 MiB, 2 passes)', (name, value) => {
    expect(() => validateEnvironment({ [name]: value })).toThrow(EnvironmentError);
    expect(() => validateEnvironment({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
