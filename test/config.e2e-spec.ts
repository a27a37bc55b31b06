import { validateEnvironment, EnvironmentError } from '../src/config/environment.js';

describe('configuration is validated at boot', () => {
  it('fills defaults: port 3000, embedded database under ./data, development, no trusted proxy, no CORS', () => {
    const env = validateEnvironment({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      DATABASE_URL: undefined,
      TRUST_PROXY: false,
      CORS_ORIGINS: [],
      STREAMS_PER_USER: 16,
      STREAMS_PER_ADDRESS: 32,
      MAX_CONNECTIONS: 2048,
      MAX_CONNECTIONS_PER_ADDRESS: 64,
      HEADERS_TIMEOUT_SECONDS: 10,
      REQUEST_TIMEOUT_SECONDS: 30,
    });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost/db' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['JWT_TTL_SECONDS', { JWT_TTL_SECONDS: '5' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['JWT_SECRET', { NODE_ENV: 'production' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'loopback, 10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'proxy.example.com' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'app.example.com' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://app.example.com/path' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://a.example.com,*' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'ftp://files.example.com' }],
    ['FAULT_KILL_AFTER_COMMIT', { FAULT_KILL_AFTER_COMMIT: 'on' }],
    ['FAULT_KILL_AFTER_COMMIT', { FAULT_KILL_AFTER_COMMIT: 'on', NODE_ENV: 'production', JWT_SECRET: 's'.repeat(40) }],
    ['FAULT_KILL_AFTER_COMMIT', { FAULT_KILL_AFTER_COMMIT: 'yes', NODE_ENV: 'test' }],
    ['FAULT_STALL_TOURNAMENT_STEP', { FAULT_STALL_TOURNAMENT_STEP: 'on' }],
    ['TOURNAMENTS_OPEN_PER_ORGANISER', { TOURNAMENTS_OPEN_PER_ORGANISER: '0' }],
    ['TOURNAMENTS_CREATED_PER_DAY', { TOURNAMENTS_CREATED_PER_DAY: 'many' }],
    ['TOURNAMENT_ANNOUNCEMENTS_PER_DAY', { TOURNAMENT_ANNOUNCEMENTS_PER_DAY: '-1' }],
    ['STREAMS_PER_USER', { STREAMS_PER_USER: '0' }],
    ['STREAMS_PER_ADDRESS', { STREAMS_PER_ADDRESS: 'many' }],
    ['MAX_CONNECTIONS', { MAX_CONNECTIONS: '0' }],
    ['MAX_CONNECTIONS_PER_ADDRESS', { MAX_CONNECTIONS_PER_ADDRESS: '0' }],
    ['HEADERS_TIMEOUT_SECONDS', { HEADERS_TIMEOUT_SECONDS: '0' }],
    ['HEADERS_TIMEOUT_SECONDS', { HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' }],
    ['REQUEST_TIMEOUT_SECONDS', { REQUEST_TIMEOUT_SECONDS: '1.5' }],
    ['BOTS_ENABLED', { BOTS_ENABLED: 'no' }],
    ['BOTS_ENABLED', { BOTS_ENABLED: '' }],
    ['UNSUBSCRIBE_LINK_DAYS', { UNSUBSCRIBE_LINK_DAYS: '0' }],
    ['UNSUBSCRIBE_LINK_DAYS', { UNSUBSCRIBE_LINK_DAYS: 'forever' }],
    ['UNSUBSCRIBE_LINK_DAYS', { UNSUBSCRIBE_LINK_DAYS: '366' }],
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

  it('runs the house bots’ worker unless BOTS_ENABLED=false', () => {
    expect(validateEnvironment({}).BOTS_ENABLED).toBe(true);
    expect(validateEnvironment({ BOTS_ENABLED: 'true' }).BOTS_ENABLED).toBe(true);
    expect(validateEnvironment({ BOTS_ENABLED: 'false' }).BOTS_ENABLED).toBe(false);
  });

  it('arms the crash fault only in tests', () => {
    expect(validateEnvironment({ NODE_ENV: 'test', FAULT_KILL_AFTER_COMMIT: 'on' }).FAULT_KILL_AFTER_COMMIT).toBe('on');
    expect(validateEnvironment({}).FAULT_KILL_AFTER_COMMIT).toBe('off');
  });

  it.each([
    ['false', false],
    ['', false],
    ['TRUE', true],
    ['2', 2],
    ['loopback', ['loopback']],
    ['loopback, 10.0.0.0/8 ,fd00::/8,192.168.1.7', ['loopback', '10.0.0.0/8', 'fd00::/8', '192.168.1.7']],
  ])('reads TRUST_PROXY=%j as Express’s trust proxy setting %j', (text, setting) => {
    expect(validateEnvironment({ TRUST_PROXY: text }).TRUST_PROXY).toEqual(setting);
  });

  it.each([
    ['', []],
    ['*', '*'],
    ['https://App.Example.com', ['https://app.example.com']],
    ['https://app.example.com/, http://localhost:5173', ['https://app.example.com', 'http://localhost:5173']],
  ])('reads CORS_ORIGINS=%j as the origins %j', (text, origins) => {
    expect(validateEnvironment({ CORS_ORIGINS: text }).CORS_ORIGINS).toEqual(origins);
  });
});
