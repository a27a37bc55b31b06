import { applyDecorators, UseGuards } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import { SkipThrottle, type ThrottlerOptions } from '@nestjs/throttler';
import type { Environment } from '../config/environment.js';
import { RateLimitGuard } from './rate-limit.guard.js';

/**
 * The per-client-address request limits, each read from its pair of settings.
 * Each endpoint counts its own requests (the throttler keys by route too).
 */
const RATE_LIMITS = {
  /** Password logins: guessing passwords. */
  token: { limit: 'AUTH_THROTTLE_LIMIT', ttlSeconds: 'AUTH_THROTTLE_TTL_SECONDS' },
  /** Registrations: each costs a password hash. */
  register: { limit: 'REGISTER_THROTTLE_LIMIT', ttlSeconds: 'REGISTER_THROTTLE_TTL_SECONDS' },
} as const satisfies Record<string, { limit: keyof Environment; ttlSeconds: keyof Environment }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const NAMES = Object.keys(RATE_LIMITS) as RateLimitName[];

/** ThrottlerModule's named throttlers, from the configuration. */
export function rateLimitThrottlers(config: ConfigService<Environment, true>): ThrottlerOptions[] {
  return NAMES.map((name) => ({
    name,
    limit: config.get(RATE_LIMITS[name].limit, { infer: true }),
    ttl: config.get(RATE_LIMITS[name].ttlSeconds, { infer: true }) * 1000,
  }));
}

/**
 * Limits a route with the named limit alone (a 429 with Retry-After past it);
 * document the 429 with `ApiProblems`.
 */
export function RateLimited(name: RateLimitName): MethodDecorator & ClassDecorator {
  const others = NAMES.filter((other) => other !== name);
  return applyDecorators(UseGuards(RateLimitGuard), SkipThrottle(Object.fromEntries(others.map((o) => [o, true]))));
}
