/**
 * Every page of the client and its path. The server serves index.html for exactly these paths
 * (src/web-client/web-client.controller.ts keeps the same list; a test compares them).
 */
import type { ComponentType } from 'preact';
import { AccountPage } from './pages/account-page.js';
import { GamesPage } from './pages/games-page.js';
import { HomePage } from './pages/home-page.js';
import { LeaderboardPage } from './pages/leaderboard-page.js';
import { LobbyPage } from './pages/lobby-page.js';
import { MatchPage } from './pages/match-page.js';
import { ModerationPage } from './pages/moderation-page.js';
import { NewTournamentPage } from './pages/new-tournament-page.js';
import { ProfilePage } from './pages/profile-page.js';
import { ResetPasswordPage } from './pages/reset-password-page.js';
import { SignInPage, SignUpPage } from './pages/sign-in-page.js';
import { TournamentPage } from './pages/tournament-page.js';
import { TournamentsPage } from './pages/tournaments-page.js';
import { VerifyEmailPage } from './pages/verify-email-page.js';
import { VersusPage } from './pages/versus-page.js';

export interface Route {
  readonly pattern: string;
  readonly page: ComponentType<{ readonly params: Record<string, string> }>;
}

export const ROUTES: readonly Route[] = [
  { pattern: '/', page: HomePage },
  { pattern: '/signin', page: SignInPage },
  { pattern: '/signup', page: SignUpPage },
  { pattern: '/account', page: AccountPage },
  { pattern: '/lobby', page: LobbyPage },
  { pattern: '/leaderboard', page: LeaderboardPage },
  { pattern: '/moderation', page: ModerationPage },
  { pattern: '/matches/:id', page: MatchPage },
  { pattern: '/matches/:id/games', page: GamesPage },
  { pattern: '/tournaments', page: TournamentsPage },
  // Before '/tournaments/:id', which it would match too.
  { pattern: '/tournaments/new', page: NewTournamentPage },
  { pattern: '/tournaments/:id', page: TournamentPage },
  { pattern: '/users/:username', page: ProfilePage },
  { pattern: '/users/:username/versus/:opponent', page: VersusPage },
  { pattern: '/verify-email', page: VerifyEmailPage },
  { pattern: '/reset-password', page: ResetPasswordPage },
];
