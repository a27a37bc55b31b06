import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth } from '@nestjs/swagger';
import { BearerAuthGuard, SignInTokenOnly, type RequestWithPrincipal } from '../security/index.js';
import { UsersRepository, type Role } from '../users/index.js';
import { NotAModeratorError, NotAnAdminError } from './moderation.errors.js';

const NEEDED_ROLE = 'nardy:needed-role';

/**
 * Whether the caller's account has the role a route needs (docs/moderation.md, "Roles"): read from
 * the account on every request, so a role granted or revoked holds on every node at once. 403
 * `not-a-moderator` or `not-an-admin` otherwise. After BearerAuthGuard, which names the caller.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const needed = this.reflector.getAllAndOverride<Role | undefined>(NEEDED_ROLE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (needed === undefined || needed === 'player') return true;
    const { principal } = context.switchToHttp().getRequest<RequestWithPrincipal>();
    const role = principal === undefined ? 'player' : ((await this.users.findById(principal.userId))?.role ?? 'player');
    if (needed === 'admin' && role !== 'admin') throw new NotAnAdminError();
    if (role === 'player') throw new NotAModeratorError();
    return true;
  }
}

/**
 * A route for moderators (and admins), or for admins only: a signed-in caller (no personal API token:
 * a moderator acts in person) of that role.
 */
export const NeedsRole = (role: 'moderator' | 'admin'): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(NEEDED_ROLE, role),
    UseGuards(BearerAuthGuard, RolesGuard),
    SignInTokenOnly(),
    ApiBearerAuth(),
  );
