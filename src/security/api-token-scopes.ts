import { SetMetadata } from '@nestjs/common';

/**
 * What a personal API token may do (docs/architecture.md, "Personal API tokens"):
 * `read` the GET endpoints that need a caller; `play` act in matches (create,
 * join, move, leave, import), and read as `read` does; `webhooks` manage the
 * account's webhooks (docs/webhooks.md: a bot registers its own). A sign-in token
 * (POST /api/auth/token) may do everything; no personal token may manage the
 * account (its password, its tokens, logging out everywhere, becoming a bot).
 */
export const API_TOKEN_SCOPES = ['read', 'play', 'webhooks'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What a route asks of a personal token: a scope, or null (sign-in tokens only). */
export type RouteScope = ApiTokenScope | null;

export const ROUTE_SCOPE = 'nardy:route-scope';

/**
 * The scope a personal token needs on this route (class or handler). Without
 * it, a GET needs `read` and any other method is for sign-in tokens only.
 */
export const RequiresScope = (scope: ApiTokenScope): MethodDecorator & ClassDecorator =>
  SetMetadata(ROUTE_SCOPE, scope);

/** A route no personal token may use, whatever its scopes (managing the account). */
export const SignInTokenOnly = (): MethodDecorator & ClassDecorator => SetMetadata(ROUTE_SCOPE, null);

/** The refusal of a route that needs `play` to a personal token without it, for ApiProblems. */
export const NEEDS_PLAY_SCOPE: [number, string] = [
  403,
  'A personal API token without the `play` scope (`insufficient-scope`, with `scope`).',
];

/** Whether a token with `granted` may use a route that needs `needed` (`play` includes `read`). */
export function grants(granted: readonly ApiTokenScope[], needed: ApiTokenScope): boolean {
  return granted.includes(needed) || (needed === 'read' && granted.includes('play'));
}
