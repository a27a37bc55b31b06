import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PERSON_TEXT_RULE, PersonText } from '../../../common/person-text.js';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TEXT_MAX, type ReportReason, type ReportStatus } from '../report.js';

/** `POST /api/reports`: a player reports another (docs/community.md, "Reports"). */
export class FileReportDto {
  @ApiProperty({ example: 'mallory', description: 'The player reported (case-insensitive).' })
  @IsString()
  @MaxLength(64)
  username!: string;

  @ApiProperty({ enum: REPORT_REASONS, example: 'abuse' })
  @IsIn(REPORT_REASONS)
  reason!: ReportReason;

  @ApiPropertyOptional({ format: 'uuid', description: 'A match the reported player played, that the report is about.' })
  @IsOptional()
  @IsUUID()
  matchId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'A match message the reported player wrote (in `matchId`, when given), that the report is about.',
  })
  @IsOptional()
  @IsUUID()
  messageId?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: REPORT_TEXT_MAX,
    description: `What happened, in the reporter’s words, for the moderators. ${PERSON_TEXT_RULE}`,
  })
  @IsOptional()
  @PersonText({ max: REPORT_TEXT_MAX })
  text?: string;
}

/** What the reporter is told: the case the report joined. */
export class FiledReportDto {
  @ApiProperty({
    format: 'uuid',
    description: 'The case: the reporter’s open case about this player, which a repeat report joins.',
  })
  id!: string;

  @ApiProperty({ enum: REPORT_STATUSES, example: 'open' })
  status!: ReportStatus;
}
