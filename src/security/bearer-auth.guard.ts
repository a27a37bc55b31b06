import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';
import type { RequestWithPrincipal } from './principal.js';
import { UnauthorizedError } from './security.errors.js';

interface TokenClaims {
  sub?: unknown;
  username?: unknown;
}

/** `Authorization: Bearer <JWT>`; the scheme is case-insensitive (RFC 7235). */
const BEARER_CREDENTIALS = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/** Requires `Authorization: Bearer <token>` with a valid, unexpired token of ours. */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(private readonly jwt: JwtService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & RequestWithPrincipal>();
    const header = req.headers.authorization;
    const token = header?.match(BEARER_CREDENTIALS)?.[1];
    if (!token) {
      throw new UnauthorizedError(
        header
          ? 'The Authorization header is not a bearer token.'
          : 'This endpoint needs a bearer token (POST /api/auth/token).',
      );
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
    req.principal = { userId: claims.sub, username: claims.username };
    return true;
  }
}
