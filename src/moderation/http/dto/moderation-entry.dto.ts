import { ApiProperty } from '@nestjs/swagger';
import { LOGGED_ACTIONS, type LoggedAction, type ModerationEntry } from '../../moderation-action.js';

/** An entry of the moderation log (docs/moderation.md, "The log"). */
export class ModerationLogEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    enum: LOGGED_ACTIONS,
    description:
      'What was done: an action on the account (`warn`, `mute`, `ban`, `rename`, `lift`, `mark-cheater`), a role ' +
      'change (`grant`, `revoke`) or a report closed (`close-report`).',
  })
  action!: LoggedAction;

  @ApiProperty({ example: 'alice', description: 'The account acted on, by its name now.' })
  target!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'mod_bob',
    description:
      'Who acted; null for the operator at the command line, and in the account’s own view (moderators are not named to it).',
  })
  moderator!: string | null;

  @ApiProperty({ description: 'Why.' })
  reason!: string;

  @ApiProperty({ type: Number, nullable: true, description: 'How many days a mute or ban holds; null: until lifted.' })
  days!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When a timed action ends itself.' })
  endsAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      'What else the action did: a rename’s names (`from`, `to`), a mark-cheater’s refunds (`refunds`: ' +
      '`[{username, matchId, points}]`), a role change (`from`, `to`), a closed report (`reportId`, `resolution`).',
  })
  details!: Record<string, unknown> | null;

  static of(entry: ModerationEntry, showModerator = true): ModerationLogEntryDto {
    return {
      id: entry.id,
      action: entry.action,
      target: entry.target,
      moderator: showModerator ? entry.moderator : null,
      reason: entry.reason,
      days: entry.days,
      endsAt: entry.endsAt?.toISOString() ?? null,
      createdAt: entry.createdAt.toISOString(),
      details: entry.details,
    };
  }
}

/** A page of the log, newest first. */
export class ModerationLogPageDto {
  @ApiProperty({ type: [ModerationLogEntryDto] })
  items!: ModerationLogEntryDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last.' })
  next!: string | null;
}
