import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

/**
 * The process environment the service reads, validated at boot: a bad or
 * missing required value stops the process with a message naming it.
 */
export class Environment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(({ value }) => (value === undefined || value === '' ? value : Number(value)))
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** PostgreSQL connection string; when unset the service runs on embedded PGlite under DATA_DIR. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgresql:// connection string' })
  DATABASE_URL?: string;

  /** Where the embedded database and the development JWT secret are kept. */
  @IsString()
  @MinLength(1)
  DATA_DIR = './data';

  /** Secret for signing bearer tokens; required when NODE_ENV=production. */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @Transform(({ value }) => (value === undefined || value === '' ? value : Number(value)))
  @IsInt()
  @Min(60)
  @Max(30 * 24 * 3600)
  JWT_TTL_SECONDS = 24 * 3600;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** Token requests allowed per client address per AUTH_THROTTLE_TTL_SECONDS. */
  @Transform(({ value }) => (value === undefined || value === '' ? value : Number(value)))
  @IsInt()
  @Min(1)
  AUTH_THROTTLE_LIMIT = 10;

  @Transform(({ value }) => (value === undefined || value === '' ? value : Number(value)))
  @IsInt()
  @Min(1)
  AUTH_THROTTLE_TTL_SECONDS = 60;

  /** Registrations allowed per client address per REGISTER_THROTTLE_TTL_SECONDS (each costs a password hash). */
  @Transform(({ value }) => (value === undefined || value === '' ? value : Number(value)))
  @IsInt()
  @Min(1)
  REGISTER_THROTTLE_LIMIT = 5;

  @Transform(({ value }) => (value === undefined || value === '' ? value : Number(value)))
  @IsInt()
  @Min(1)
  REGISTER_THROTTLE_TTL_SECONDS = 60;

  /** Password hashes and verifications computed at once; the rest wait in a queue (argon2 is memory- and CPU-hard). */
  @Transform(({ value }) => (value === undefined || value === '' ? value : Number(value)))
  @IsInt()
  @Min(1)
  @Max(64)
  PASSWORD_HASH_CONCURRENCY = 2;

  /**
   * Express's `trust proxy`: which proxies may set the client address with
   * X-Forwarded-For. Off by default (the socket's address is the client's).
   * `true`, a hop count, or a comma-separated list of addresses, subnets or
   * the names loopback, linklocal, uniquelocal.
   */
  @IsString()
  TRUST_PROXY: string = 'false';

  /** Origins allowed to call the API from a browser (CORS): a comma-separated list, or `*`; empty for none. */
  @IsString()
  CORS_ORIGINS: string = '';
}

export class EnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'EnvironmentError';
  }
}

/** ConfigModule's `validate` hook: returns the typed, defaulted environment or throws naming every bad value. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const problems = validateSync(env, { skipMissingProperties: false, forbidUnknownValues: false }).flatMap((e) =>
    Object.values(e.constraints ?? {}).map((m) => `${e.property}: ${m} (got ${JSON.stringify(e.value)})`),
  );
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    problems.push('JWT_SECRET: required when NODE_ENV=production');
  }
  if (problems.length > 0) throw new EnvironmentError(problems);
  return env;
}
