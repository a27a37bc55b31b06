import { validateEnvironment, EnvironmentError } from '../src/config/environment.js';

describe('configuration is validated at boot', () => {
  it('fills defaults: port 3000, embedded database under ./data, development', () => {
    const env = validateEnvironment({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development', DATABASE_URL: undefined });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost/db' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['JWT_TTL_SECONDS', { JWT_TTL_SECONDS: '5' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['JWT_SECRET', { NODE_ENV: 'production' }],
  ])('refuses a bad or missing %s, naming it', (name, raw) => {
    expect(() => validateEnvironment(raw)).toThrow(EnvironmentError);
    expect(() => validateEnvironment(raw)).toThrow(new RegExp(`${name}:`));
  });

  it('accepts production with a strong JWT secret and a Postgres URL', () => {
    const env = validateEnvironment({
      NODE_ENV: 'production',
      JWT_SECRET: 's'.repeat(40),
      DATABASE_URL: 'postgresql://u:p@db:5432/nardy',
      PORT: '8080',
    });
    expect(env).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgresql://u:p@db:5432/nardy' });
  });
});
