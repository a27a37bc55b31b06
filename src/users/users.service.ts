import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment.js';
import { PasswordHasher, PasswordPolicy, UnauthorizedError, TokenVersions } from '../security/index.js';
import type { ChangePasswordDto } from './dto/change-password.dto.js';
import type { RegisterUserDto } from './dto/register-user.dto.js';
import type { UpdateSettingsDto } from './dto/update-settings.dto.js';
import { MeDto, UserProfileDto } from './dto/user-profile.dto.js';
import type { LeaderboardDto } from './dto/leaderboard.dto.js';
import {
  AccountClosedError,
  AccountHasPlayedError,
  RenameNotRequiredError,
  UserNotFoundError,
  WrongPasswordError,
} from './user.errors.js';
import { AccountWarnings } from './account-warnings.js';
import { Clock } from '../common/clock.js';
import { UsersRepository } from './users.repository.js';

@Injectable()
export class UsersService {
  /** The experience a player needs to be listed on the leaderboard (LEADERBOARD_MIN_EXPERIENCE). */
  private readonly minExperience: number;

  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly passwords: PasswordPolicy,
    private readonly tokens: TokenVersions,
    private readonly warnings: AccountWarnings,
    private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.minExperience = config.get('LEADERBOARD_MIN_EXPERIENCE', { infer: true });
  }

  /** A new account; its password held to the password policy (400 weak-password) before it is hashed. */
  async register(dto: RegisterUserDto): Promise<MeDto> {
    this.passwords.check(dto.password, dto.username, 'password');
    const user = await this.users.create(dto.username, await this.hasher.hash(dto.password));
    return MeDto.of(user);
  }

  /** The caller's account, with the moderators' warnings it has not yet seen (docs/moderation.md, "Warnings"). */
  async me(userId: string): Promise<MeDto> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError('The account of this bearer token no longer exists.');
    return MeDto.of(user, await this.warnings.unseen(user.id, user.state.warningsSeenAt));
  }

  /** The player has seen their warnings: GET /api/users/me shows them no more. */
  async warningsSeen(userId: string): Promise<void> {
    await this.users.warningsSeen(userId, this.clock.now());
  }

  /**
   * The new name of an account a moderator renamed (docs/moderation.md, "Rename"): only while one
   * is required (409 `rename-not-required` otherwise); a name taken or reserved is 409
   * `username-taken`. Every token issued before ends: they carry the old name; the player signs in
   * again with the new one.
   */
  async chooseNewName(userId: string, username: string): Promise<MeDto> {
    const renamed = await this.users.chooseNewName(userId, username);
    if (renamed === null) {
      if (!(await this.users.findById(userId)))
        throw new UnauthorizedError('The account of this bearer token no longer exists.');
      throw new RenameNotRequiredError();
    }
    await this.tokens.raised(renamed.id, renamed.tokenVersion);
    return MeDto.of(renamed);
  }

  async updateSettings(userId: string, settings: UpdateSettingsDto): Promise<MeDto> {
    const user = await this.users.updateSettings(userId, settings);
    if (!user) throw new UnauthorizedError('The account of this bearer token no longer exists.');
    return MeDto.of(user);
  }

  /**
   * Turns the caller's account into a bot account (docs/bots.md, "Outside bots"): only an account
   * that has never played (no seat in any match, no experience), so that no record of a person's
   * play is ever counted as a bot's. It logs in as before. A bot account asking again gets its
   * account as it is.
   */
  async upgradeToBot(userId: string): Promise<MeDto> {
    const upgraded = await this.users.upgradeToBot(userId);
    if (upgraded !== null) return MeDto.of(upgraded);
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError('The account of this bearer token no longer exists.');
    if (user.kind === 'bot') return MeDto.of(user);
    throw new AccountHasPlayedError(user.username);
  }

  /**
   * A new password, given the current one. Every token issued before ends,
   * the caller's too (docs/architecture.md, "API conventions"): the client
   * logs in again with the new password. The new one is held to the password
   * policy (400 weak-password) before the current one is checked.
   */
  async changePassword(userId: string, change: ChangePasswordDto): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError('The account of this bearer token no longer exists.');
    this.passwords.check(change.newPassword, user.username, 'newPassword');
    if (!(await this.hasher.verify(user.passwordHash, change.currentPassword))) throw new WrongPasswordError();
    const newHash = await this.hasher.hash(change.newPassword);
    const version = await this.users.changePassword(userId, user.passwordHash, newHash);
    // Null: another change got in since the current password was checked; this one is not made.
    if (version === null) throw new WrongPasswordError();
    await this.tokens.raised(userId, version);
  }

  /**
   * The players with at least LEADERBOARD_MIN_EXPERIENCE (and at least one rated match), highest
   * rating first; a player below it still has a rating on their profile.
   */
  async leaderboard(cursor: string | undefined, limit: number): Promise<LeaderboardDto> {
    const page = await this.users.byRating({ cursor, limit }, this.minExperience);
    return { items: page.items.map((user) => UserProfileDto.of(user)), next: page.next };
  }

  async profile(username: string): Promise<UserProfileDto> {
    const user = await this.users.findByUsername(username);
    if (!user) throw new UserNotFoundError(username);
    if (user.state.closedAt !== null) throw new AccountClosedError(user.username);
    return UserProfileDto.of(user);
  }
}
