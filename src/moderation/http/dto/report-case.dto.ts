import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PERSON_TEXT_RULE, PersonText } from '../../../common/person-text.js';
import { PageQueryDto } from '../../../common/page-query.dto.js';
import { REPORT_REASONS, REPORT_STATUSES, type ReportReason, type ReportStatus } from '../../../community/index.js';
import { ROLES, type Role } from '../../../users/index.js';
import { ModerationLogEntryDto } from './moderation-entry.dto.js';

/** `GET /api/moderation/reports`: the open cases (or the closed ones), a page at a time. */
export class ReportQueueQueryDto extends PageQueryDto {
  @ApiProperty({ enum: REPORT_STATUSES, required: false, default: 'open' })
  @IsOptional()
  @IsIn(REPORT_STATUSES)
  status?: ReportStatus;
}

/** `POST /api/moderation/reports/{id}/close`. */
export class CloseReportDto {
  @ApiProperty({
    example: 'Warned the player.',
    minLength: 1,
    maxLength: 2000,
    description: `What was decided; logged (\`close-report\`). ${PERSON_TEXT_RULE}`,
  })
  @PersonText({ max: 2000 })
  resolution!: string;
}

/** The reported player as the queue shows them: name, role, standing. */
export class ReportTargetDto {
  @ApiProperty({ example: 'alice' }) username!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty({ description: 'Under a mute now.' }) muted!: boolean;
  @ApiProperty({ description: 'Under a ban now.' }) banned!: boolean;
  @ApiProperty({ description: 'Renamed by a moderator, the new name not yet chosen.' }) renameRequired!: boolean;
  @ApiProperty({ description: 'Closed by its player.' }) closed!: boolean;
  @ApiProperty() rating!: number;
}

/** One filing of a case. */
export class ReportFilingDto {
  @ApiProperty({ example: 'bob', description: 'Who filed it (shown to moderators only).' }) reporter!: string;
  @ApiProperty({ enum: REPORT_REASONS }) reason!: ReportReason;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) matchId!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) messageId!: string | null;
  @ApiProperty({ type: String, nullable: true }) text!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
}

/** One of the target's latest matches, from the target's side. */
export class RecentMatchDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'backgammon' }) variant!: string;
  @ApiProperty() length!: number;
  @ApiProperty({ example: 'finished' }) status!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The other player; null for an open challenge.' })
  opponent!: string | null;
  @ApiProperty({ enum: ['won', 'lost'], nullable: true, type: String }) result!: 'won' | 'lost' | null;
  @ApiProperty({ type: String, nullable: true, example: 'points' }) endReason!: string | null;
  @ApiProperty() rated!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
}

/** One of the target's latest match messages. */
export class RecentMessageDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) matchId!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
}

/** A report case as the moderators' queue shows it (docs/moderation.md, "The report queue"). */
export class ReportCaseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: REPORT_STATUSES }) status!: ReportStatus;
  @ApiProperty({ type: ReportTargetDto }) target!: ReportTargetDto;
  @ApiProperty({ type: [ReportFilingDto], description: 'Oldest first.' }) filings!: ReportFilingDto[];
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'The last filing’s time.' }) updatedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The moderator who closed it.' }) closedBy!: string | null;
  @ApiProperty({ type: String, nullable: true }) resolution!: string | null;
  @ApiProperty({ type: [RecentMatchDto], description: 'The target’s last 10 matches, newest first.' })
  recentMatches!: RecentMatchDto[];
  @ApiProperty({ type: [RecentMessageDto], description: 'The target’s last 20 match messages, newest first.' })
  recentMessages!: RecentMessageDto[];
  @ApiProperty({
    type: [ModerationLogEntryDto],
    description: 'The moderators’ last 20 actions on the target, newest first.',
  })
  actions!: ModerationLogEntryDto[];
}

/** A page of the queue: the latest filing first. */
export class ReportCasePageDto {
  @ApiProperty({ type: [ReportCaseDto] }) items!: ReportCaseDto[];
  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last.' })
  next!: string | null;
}
