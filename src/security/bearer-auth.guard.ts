import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Principal, RequestWithPrincipal } from './principal.js';
import { UnauthorizedError } from './security.errors.js';

interface TokenClaims {
  sub?: unknown;
  username?: unknown;
  exp?: unknown;
}

/** Tokens verified recently, remembered until they expire (at most this many). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** `Authorization: Bearer <JWT>`; the scheme is case-insensitive (RFC 7235). */
const BEARER_CREDENTIALS = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/**
 * Requires `Authorization: Bearer <token>` with a valid, unexpired token of
 * ours. A token that verified is remembered (by its whole text, signature
 * included) until its expiry, so a client's later requests skip the HMAC and
 * JSON parsing: most authenticated requests carry a token seen before.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  private readonly verified = new LRUCache<string, Principal>({ max: VERIFIED_TOKENS_KEPT, ttlAutopurge: false });

  constructor(private readonly jwt: JwtService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest & RequestWithPrincipal>();
    const header = req.headers.authorization;
    const token = header?.match(BEARER_CREDENTIALS)?.[1];
    if (!token) {
      throw new UnauthorizedError(
        header
          ? 'The Authorization header is not a bearer token.'
          : 'This endpoint needs a bearer token (POST /api/auth/token).',
      );
    }
    const known = this.verified.get(token);
    if (known !== undefined) {
      req.principal = known;
      return true;
    }
    let claims: TokenClaims;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims & object>(token, { algorithms: ['HS256'] });
    } catch (err) {
      const expired = (err as Error).name === 'TokenExpiredError';
      throw new UnauthorizedError(
        expired ? 'The bearer token has expired; get a new one.' : 'The bearer token is not valid.',
      );
    }
    if (typeof claims.sub !== 'string' || typeof claims.username !== 'string') {
      throw new UnauthorizedError('The bearer token is not valid.');
    }
    const principal: Principal = Object.freeze({ userId: claims.sub, username: claims.username });
    if (typeof claims.exp === 'number') {
      const ttl = claims.exp * 1000 - Date.now();
      if (ttl > 0) this.verified.set(token, principal, { ttl });
    }
    req.principal = principal;
    return true;
  }
}
