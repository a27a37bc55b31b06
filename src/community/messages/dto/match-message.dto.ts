import { ApiProperty } from '@nestjs/swagger';
import { PERSON_TEXT_RULE, PersonText } from '../../../common/person-text.js';
import { PageQueryDto } from '../../../common/page-query.dto.js';
import { MESSAGE_MAX_LENGTH, type MatchMessageView } from '../match-message.js';

/** `POST /api/matches/{id}/messages`: what the player writes. */
export class PostMatchMessageDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MESSAGE_MAX_LENGTH,
    description: `The message, 1 to ${MESSAGE_MAX_LENGTH} characters. ${PERSON_TEXT_RULE}`,
    example: 'Good game!',
  })
  @PersonText({ max: MESSAGE_MAX_LENGTH })
  text!: string;
}

/** A message between the two players of a match. */
export class MatchMessageDto implements MatchMessageView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  matchId!: string;

  @ApiProperty({ description: 'The author’s username.' })
  author!: string;

  @ApiProperty({ description: 'The text as stored: Unicode NFC, trimmed.' })
  text!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

/** `GET /api/matches/{id}/messages`: a page. */
export class MatchMessagesQueryDto extends PageQueryDto {}

export class MatchMessagePageDto {
  @ApiProperty({ type: [MatchMessageDto], description: 'Newest first.' })
  items!: MatchMessageDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last.' })
  next!: string | null;
}
