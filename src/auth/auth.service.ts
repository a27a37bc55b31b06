import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { Clock } from '../common/clock.js';
import type { Environment } from '../config/environment.js';
import {
  randomSecret,
  secretHash,
  PasswordHasher,
  RevokedFamilies,
  UnauthorizedError,
  TokenVersions,
} from '../security/index.js';
import { inForce, UsersRepository, type User } from '../users/index.js';
import { AccountBannedError, InvalidCredentialsError, InvalidRefreshTokenError } from './auth.errors.js';
import type { TokenResponseDto } from './dto/token-response.dto.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

/** How a refresh token's value starts. */
export const REFRESH_TOKEN_PREFIX = 'nardy_rt_';

/** A refresh token not exchanged for this long ends (docs/architecture.md, "Refresh tokens"). */
export const REFRESH_IDLE_MS = 30 * 24 * 3600 * 1000;

/**
 * Kept beyond an access token's lifetime before a revoked family is forgotten: the token's expiry
 * is by the clock of the node that signed it, the revocation's by the database's.
 */
const CLOCK_MARGIN_MS = 60_000;

/** The refusal of a refresh token used before (or at the same moment as another request). */
const REUSED = 'The refresh token was used before: every token of its sign-in is ended; sign in again.';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly config: ConfigService<Environment, true>,
    private readonly tokens: TokenVersions,
    private readonly families: RevokedFamilies,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Password login. An unknown user and a wrong password get the same answer in about the same time.
   * So does a house bot (docs/bots.md): the service plays those itself, and nobody logs in as one
   * (its stored hash verifies no password either); an outside bot logs in as anyone does.
   * The answer holds the first refresh token of a new family, and an access token that names it.
   */
  async issueToken(username: string, password: string): Promise<TokenResponseDto> {
    const found = await this.users.findForSignIn(username);
    // A closed account signs in no more (docs/accounts.md, "Closing"): answered as an unknown one.
    const user = found?.houseBot === null && found.state.closedAt === null ? found : null;
    const ok = await this.hasher.verify(user?.passwordHash, password);
    if (!user || !ok) throw new InvalidCredentialsError();
    this.refuseBanned(user);
    const refreshToken = randomSecret(REFRESH_TOKEN_PREFIX);
    const familyId = await this.refreshTokens.startFamily(
      user.id,
      user.tokenVersion,
      secretHash(refreshToken),
      this.clock.now(),
    );
    return this.answer(user.id, user.username, user.tokenVersion, familyId, refreshToken, user.state.renameRequired);
  }

  /** 403 `account-banned`, with its reason and end, for an account under a ban in force (docs/moderation.md, "Bans"). */
  private refuseBanned(user: User): void {
    const ban = user.state.ban;
    if (ban !== null && inForce(ban, this.clock.now())) throw new AccountBannedError(ban.reason, ban.until);
  }

  /**
   * A new access token and the next refresh token for a refresh token (docs/architecture.md,
   * "Refresh tokens"). A token used before ends its whole family, and the access tokens issued
   * from it on every node: one of its two users is not the person who signed in. One idle for
   * REFRESH_IDLE_MS, or of a family signed in before the account's token version was raised, ends
   * its family too (its access tokens have expired, or were ended with the raise).
   */
  async refresh(value: string): Promise<TokenResponseDto> {
    const found = await this.refreshTokens.find(secretHash(value));
    if (!found) throw new InvalidRefreshTokenError('The refresh token is not valid; sign in again.');
    if (found.usedAt !== null) {
      await this.revoke(found.familyId);
      throw new InvalidRefreshTokenError(REUSED);
    }
    const account = await this.users.findById(found.userId);
    if (account === null || account.state.closedAt !== null) {
      await this.refreshTokens.endFamily(found.familyId);
      throw new InvalidRefreshTokenError('The refresh token is not valid; sign in again.');
    }
    this.refuseBanned(account);
    const now = this.clock.now();
    const refusal =
      found.createdAt.getTime() + REFRESH_IDLE_MS <= now.getTime()
        ? 'The refresh token was not used for 30 days and has expired; sign in again.'
        : found.familyTokenVersion !== found.currentTokenVersion
          ? 'The refresh token has been revoked (logged out everywhere, or the password changed); sign in again.'
          : null;
    if (refusal !== null) {
      await this.refreshTokens.endFamily(found.familyId);
      throw new InvalidRefreshTokenError(refusal);
    }
    const next = randomSecret(REFRESH_TOKEN_PREFIX);
    if (!(await this.refreshTokens.rotate(found.familyId, found.id, secretHash(next), now))) {
      // Used by another request at the same moment: a reuse all the same.
      await this.revoke(found.familyId);
      throw new InvalidRefreshTokenError(REUSED);
    }
    return this.answer(
      found.userId,
      found.username,
      found.familyTokenVersion,
      found.familyId,
      next,
      account.state.renameRequired,
    );
  }

  /**
   * Ends a family whose refresh token was used twice, and the access tokens issued from it: this
   * node refuses them before it answers, the others a notification later (RevokedFamilies).
   */
  private async revoke(familyId: string): Promise<void> {
    const accessTokenMs = this.config.get('JWT_TTL_SECONDS', { infer: true }) * 1000 + CLOCK_MARGIN_MS;
    const expiresAt = await this.refreshTokens.revokeFamily(familyId, accessTokenMs);
    if (expiresAt !== null) await this.families.revokedNow(familyId, expiresAt);
  }

  /**
   * Signing out of one sign-in: ends the family of `value` (docs/architecture.md, "Refresh tokens"),
   * a spent token's too (its holder is the person signing out, or a thief whose family should end).
   * Nothing to end (no token, an unknown one) is no error: the sign-in is over either way.
   */
  async endSignIn(value: string | undefined): Promise<void> {
    if (value === undefined || value === '') return;
    await this.refreshTokens.endFamilyOfToken(secretHash(value));
  }

  /**
   * Ends every token of the account issued so far, the caller's too, on every
   * instance (docs/architecture.md, "API conventions"), and its refresh tokens;
   * later logins work as before.
   */
  async logoutEverywhere(userId: string): Promise<void> {
    const version = await this.users.raiseTokenVersion(userId);
    if (version === null) throw new UnauthorizedError('The account of this bearer token no longer exists.');
    await this.tokens.raised(userId, version);
    await this.refreshTokens.endFamiliesOf(userId);
  }

  private async answer(
    userId: string,
    username: string,
    tokenVersion: number,
    familyId: string,
    refreshToken: string,
    renameRequired: boolean,
  ): Promise<TokenResponseDto> {
    const expiresIn = this.config.get('JWT_TTL_SECONDS', { infer: true });
    const accessToken = await this.jwt.signAsync(
      { sub: userId, username, tv: tokenVersion, fam: familyId },
      { expiresIn, algorithm: 'HS256' },
    );
    return { accessToken, tokenType: 'Bearer', expiresIn, refreshToken, ...(renameRequired ? { renameRequired } : {}) };
  }
}
