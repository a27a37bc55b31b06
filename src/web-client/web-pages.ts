/**
 * The paths of the web client's pages (docs/architecture.md, "Web client"), as the router in
 * web/src/routes.tsx names them: the server answers each with the client's index.html, and nothing
 * else, so /api, /docs and /health keep their own answers and an unknown path its 404 problem.
 */
export const WEB_PAGE_PATHS = [
  '/',
  '/signin',
  '/signup',
  '/account',
  '/lobby',
  '/leaderboard',
  '/moderation',
  '/matches/:id',
  '/matches/:id/games',
  '/tournaments',
  '/tournaments/new',
  '/tournaments/:id',
  '/users/:username',
  '/users/:username/versus/:opponent',
  '/verify-email',
  '/reset-password',
] as const;
