import type { ApiTokenScope } from './api-token-scopes.js';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** Who a bearer token says is asking, and for how long the token holds. */
export interface Principal {
  readonly userId: string;
  readonly username: string;
  /**
   * The token's version of its account (TokenVersions), its expiry (ms since the epoch) and the
   * refresh family it was issued from (RevokedFamilies; absent for a personal API token and for a
   * sign-in token issued before tokens named theirs): what a live stream opened with it is held to
   * (TokenWatch; docs/architecture.md, "Live streams").
   */
  readonly token: { readonly version: number; readonly expiresAt: number; readonly family?: string };
  /**
   * For a personal API token, its id and scopes (docs/architecture.md, "Personal API tokens");
   * absent for a sign-in token, which may do everything.
   */
  readonly apiToken?: { readonly id: string; readonly scopes: readonly ApiTokenScope[] };
}

export type RequestWithPrincipal = { principal?: Principal };

/** The authenticated caller (routes guarded by BearerAuthGuard). */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<RequestWithPrincipal>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without BearerAuthGuard');
  return principal;
});

/** The caller on routes guarded by OptionalBearerAuthGuard: null when anonymous. */
export const OptionalPrincipal = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Principal | null =>
    ctx.switchToHttp().getRequest<RequestWithPrincipal>().principal ?? null,
);
