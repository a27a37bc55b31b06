import { PageQueryDto } from '../../../common/page-query.dto.js';
import { OptionalInt } from '../../../common/optional-int.decorator.js';
import { OptionalChoice } from '../../../common/optional-fields.js';

/** `GET /api/users/me/matches`: all my matches, or with `awaiting=me` the inbox. */
export class MyMatchesQueryDto extends PageQueryDto {
  @OptionalChoice(['me'], { description: 'Only the matches where I must act, soonest deadline first.' })
  awaiting?: 'me';
}

/** The largest seq a log can reach: seqs are 32-bit integers where they are stored. */
export const LARGEST_SEQ = 2_147_483_647;

export class EventsQueryDto {
  @OptionalInt(0, LARGEST_SEQ, { minimum: 0, maximum: LARGEST_SEQ, default: 0, description: 'Events after this seq.' })
  after?: number;

  @OptionalInt(1, 1000, { minimum: 1, maximum: 1000, default: 200 })
  limit?: number;
}

/** `GET /api/matches/{id}/stream`: where to start (Last-Event-ID, when sent, wins). */
export class StreamQueryDto {
  @OptionalInt(0, LARGEST_SEQ, {
    minimum: 0,
    maximum: LARGEST_SEQ,
    description: 'Stream the events after this seq; left out: only those still to come.',
  })
  after?: number;
}
