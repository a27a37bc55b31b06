import { ApiProperty } from '@nestjs/swagger';
import { HOUSE_BOTS, type HouseBot } from '../../house-bots/index.js';
import { LANGUAGES, type Language } from '../../common/languages.js';
import { isProvisional } from '../provisional-rating.js';
import { ROLES, type Role, type User } from '../user.js';
import type { AccountWarning } from '../account-warnings.js';

/**
 * Rated matches won and lost, and the gammons and backgammons (mars and koks in long nardy) among
 * their games; and the rated matches the player aborted by leaving.
 */
export class PlayerRecordDto {
  @ApiProperty() matchesPlayed!: number;
  @ApiProperty() matchesWon!: number;
  @ApiProperty() matchesLost!: number;
  @ApiProperty() gammonsWon!: number;
  @ApiProperty() gammonsLost!: number;
  @ApiProperty() backgammonsWon!: number;
  @ApiProperty() backgammonsLost!: number;
  @ApiProperty({
    description:
      'Rated matches the player left, or let time out, before both players made 3 checker plays with a choice: they ended unrated (`unratedReason: "aborted-by-leave"`) and are not in matchesPlayed.',
  })
  abortedByLeave!: number;
}

/** A player's public profile. */
export class UserProfileDto {
  @ApiProperty({ example: 'alice' })
  username!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ example: 1500, description: 'FIBS rating: 1500 to start, moved by every finished rated match.' })
  rating!: number;

  @ApiProperty({ example: 0, description: 'The sum of the lengths of the rated matches played.' })
  experience!: number;

  @ApiProperty({
    example: true,
    description:
      'Whether the rating is provisional: experience below 400. A match against a less experienced opponent moves a player’s rating by the opponent’s experience over the player’s (counting 400 at most) of the FIBS move; two new players move by all of it (docs/rules.md "Ratings").',
  })
  provisional!: boolean;

  @ApiProperty({ type: PlayerRecordDto, description: 'The record of rated matches.' })
  record!: PlayerRecordDto;

  @ApiProperty({
    example: false,
    description:
      'Whether a program plays the account: a house bot, or an outside bot (an account turned into a bot with POST /api/users/me/upgrade-to-bot).',
  })
  bot!: boolean;

  @ApiProperty({
    enum: HOUSE_BOTS,
    nullable: true,
    example: null,
    description:
      'The house bot this account is, played by the service itself: `bot-easy`, `bot` (strong) or `gnubg` (GNU Backgammon, backgammon only); null for every other account.',
  })
  houseBot!: HouseBot | null;

  static of(user: User): UserProfileDto {
    const { record } = user;
    return {
      username: user.username,
      createdAt: user.createdAt.toISOString(),
      rating: user.rating,
      experience: user.experience,
      provisional: isProvisional(user.experience),
      record: { matchesPlayed: record.matchesWon + record.matchesLost, ...record },
      bot: user.kind === 'bot',
      houseBot: user.houseBot,
    };
  }
}

/** A moderator's warning, as the warned player sees it (docs/moderation.md, "Warnings"). */
export class WarningDto {
  @ApiProperty({ format: 'uuid', description: 'The warning’s entry in the moderation log.' })
  id!: string;

  @ApiProperty({ description: 'Why the moderator warned the player.' })
  reason!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;
}

/** The caller's own account. */
export class MeDto extends UserProfileDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'Whether a roll’s only legal play is made at once, as your play.' })
  autoPlayForced!: boolean;

  @ApiProperty({
    enum: LANGUAGES,
    nullable: true,
    type: String,
    description:
      'The language chosen (en, ru, lt, hy) for the web client and the notifications; null until chosen, when the browser’s languages decide (notifications: English).',
  })
  language!: Language | null;

  @ApiProperty({
    enum: ROLES,
    example: 'player',
    description:
      'What the account may do beyond playing: `player`, `moderator` or `admin` (docs/moderation.md, "Roles").',
  })
  role!: Role;

  @ApiProperty({
    type: [WarningDto],
    description:
      'The moderators’ warnings the player has not yet marked seen (POST /api/users/me/warnings/seen), oldest first.',
  })
  warnings!: WarningDto[];

  @ApiProperty({
    description:
      'A moderator renamed the account: it must choose a new name (PUT /api/users/me/username) before it plays on.',
  })
  renameRequired!: boolean;

  static override of(user: User, warnings: readonly AccountWarning[] = []): MeDto {
    return {
      id: user.id,
      ...UserProfileDto.of(user),
      autoPlayForced: user.autoPlayForced,
      language: user.language,
      role: user.role,
      warnings: warnings.map((w) => ({ id: w.id, reason: w.reason, createdAt: w.createdAt.toISOString() })),
      renameRequired: user.state.renameRequired,
    };
  }
}
