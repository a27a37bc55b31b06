import { type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { BearerAuthGuard } from './bearer-auth.guard.js';

/**
 * For public reads that answer more to a known caller (a match's `you` and
 * `actions`): no Authorization header is fine and leaves the caller anonymous;
 * a token that is sent must be valid, as with BearerAuthGuard.
 */
@Injectable()
export class OptionalBearerAuthGuard extends BearerAuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (req.headers.authorization === undefined) return true;
    return super.canActivate(context);
  }
}
