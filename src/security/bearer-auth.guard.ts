import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/uuid.js';
import { grants, ROUTE_SCOPE, type RouteScope } from './api-token-scopes.js';
import { API_TOKEN_CREDENTIALS, apiTokenHash } from './api-token-secret.js';
import { ApiTokensRepository } from './api-tokens.repository.js';
import type { Principal, RequestWithPrincipal } from './principal.js';
import { RevokedFamilies } from './revoked-families.js';
import { InsufficientScopeError, UnauthorizedError } from './security.errors.js';
import { TokenVersions } from './token-versions.js';

interface TokenClaims {
  sub?: unknown;
  username?: unknown;
  exp?: unknown;
  /** The account's token version when the token was issued (absent in tokens issued before versions: 0). */
  tv?: unknown;
  /** The refresh family the token was issued from (absent in tokens issued before they named it). */
  fam?: unknown;
}

/** Tokens verified recently, remembered until they expire (at most this many). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** A personal token's last use is written at most this often (GET /api/users/me/api-tokens shows it). */
const LAST_USED_EVERY_MS = 60_000;

/** `Authorization: Bearer <JWT>`; the scheme is case-insensitive (RFC 7235). */
const BEARER_CREDENTIALS = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/**
 * Requires `Authorization: Bearer <token>` with a valid, unexpired token of
 * ours, with an expiry, whose token version is still its account's
 * (TokenVersions: logging out everywhere and a new password end the tokens
 * issued before). A token that verified is remembered (by its whole text,
 * signature included) until its expiry, so a client's later requests skip
 * the HMAC and JSON parsing: most authenticated requests carry a token seen
 * before. Its version is checked on every request, remembered or not, and so
 * is its refresh family (RevokedFamilies: a family ended by a refresh token's
 * reuse ends the access tokens issued from it; docs/architecture.md, "Refresh
 * tokens"), both in memory.
 *
 * It also takes a personal API token (`nardy_pat_…`; docs/architecture.md,
 * "Personal API tokens"), looked up by its SHA-256 on every request (revoking
 * one is seen at once, on every instance): an unknown, revoked or expired one
 * is refused as an invalid JWT is (401). Logging out everywhere does not end
 * it. It is held to its scopes: the route's RequiresScope, else `read` for a
 * GET; a route of any other method without one, or marked SignInTokenOnly, is
 * refused to every personal token (403 insufficient-scope).
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  private readonly verified = new LRUCache<string, Principal>({ max: VERIFIED_TOKENS_KEPT, ttlAutopurge: false });

  constructor(
    private readonly jwt: JwtService,
    private readonly versions: TokenVersions,
    private readonly families: RevokedFamilies,
    private readonly apiTokens: ApiTokensRepository,
    private readonly clock: Clock,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest & RequestWithPrincipal>();
    const header = req.headers.authorization;
    const apiToken = header?.match(API_TOKEN_CREDENTIALS)?.[1];
    if (apiToken) {
      req.principal = await this.personal(apiToken, context, req.method);
      return true;
    }
    const token = header?.match(BEARER_CREDENTIALS)?.[1];
    if (!token) {
      throw new UnauthorizedError(
        header
          ? 'The Authorization header is not a bearer token.'
          : 'This endpoint needs a bearer token (POST /api/auth/token).',
      );
    }
    const principal = this.verified.get(token) ?? (await this.verify(token));
    const known = this.versions.known(principal.userId);
    const current = known !== undefined ? known : await this.versions.current(principal.userId);
    if (current === null) throw new UnauthorizedError('The account of this bearer token no longer exists.');
    if (principal.token.version !== current) {
      throw new UnauthorizedError(
        'The bearer token has been revoked (logged out everywhere, or the password changed); get a new one.',
      );
    }
    const { family } = principal.token;
    if (family !== undefined && this.families.has(family)) {
      throw new UnauthorizedError(
        'The bearer token has been revoked (a refresh token of its sign-in was used twice); sign in again.',
      );
    }
    req.principal = principal;
    return true;
  }

  /** The principal of a personal API token good for this route; UnauthorizedError or InsufficientScopeError when it is not. */
  private async personal(value: string, context: ExecutionContext, method: string): Promise<Principal> {
    const now = this.clock.now();
    const found = await this.apiTokens.findByHash(apiTokenHash(value), now);
    if (!found) throw new UnauthorizedError('The bearer token is not valid.');
    if (found.expiresAt !== null && found.expiresAt.getTime() <= now.getTime()) {
      throw new UnauthorizedError('The personal API token has expired; make a new one.');
    }
    const declared = this.reflector.getAllAndOverride<RouteScope | undefined>(ROUTE_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    const needed = declared !== undefined ? declared : method === 'GET' || method === 'HEAD' ? 'read' : null;
    if (needed === null || !grants(found.scopes, needed)) throw new InsufficientScopeError(needed);
    await this.apiTokens.touch(found.id, now, LAST_USED_EVERY_MS);
    return Object.freeze({
      userId: found.userId,
      username: found.username,
      // The account's version as it is: a live stream opened with it still ends when it is raised.
      token: Object.freeze({ version: found.tokenVersion, expiresAt: found.expiresAt?.getTime() ?? Infinity }),
      apiToken: Object.freeze({ id: found.id, scopes: found.scopes }),
    });
  }

  /** The token's principal (with its version and expiry), remembered until it expires; UnauthorizedError when it is not good. */
  private async verify(token: string): Promise<Principal> {
    let claims: TokenClaims;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims & object>(token, { algorithms: ['HS256'] });
    } catch (err) {
      const expired = (err as Error).name === 'TokenExpiredError';
      throw new UnauthorizedError(
        expired ? 'The bearer token has expired; get a new one.' : 'The bearer token is not valid.',
      );
    }
    const version = claims.tv ?? 0;
    const family = claims.fam;
    if (
      typeof claims.sub !== 'string' ||
      typeof claims.username !== 'string' ||
      !Number.isInteger(version) ||
      (family !== undefined && typeof family !== 'string')
    ) {
      throw new UnauthorizedError('The bearer token is not valid.');
    }
    if (typeof claims.exp !== 'number') throw new UnauthorizedError('The bearer token has no expiry; get a new one.');
    // Every account's id is a UUID: a token naming anything else names no account, checked here once.
    if (!isUuid(claims.sub)) throw new UnauthorizedError('The account of this bearer token no longer exists.');
    const expiresAt = claims.exp * 1000;
    const verified: Principal = Object.freeze({
      userId: claims.sub,
      username: claims.username,
      // The version is an integer, checked above; so is the family, a string or absent.
      token: Object.freeze(
        family === undefined
          ? { version: version as number, expiresAt }
          : { version: version as number, expiresAt, family },
      ),
    });
    const ttl = expiresAt - Date.now();
    if (ttl > 0) this.verified.set(token, verified, { ttl });
    return verified;
  }
}
