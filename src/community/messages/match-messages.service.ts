import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import type { Page, PageRequest } from '../../common/page-cursor.js';
import { LiveNotices, MatchStore, NotAPlayerError, isOver, type MatchRecord } from '../../matches/index.js';
import { BlockedError, BlocksRepository, UserNotFoundError, UsersRepository, inForce } from '../../users/index.js';
import { MESSAGES_OPEN_AFTER_END_MS, type MatchMessageView } from './match-message.js';
import { MatchMessagesRepository } from './match-messages.repository.js';
import { MessagesClosedError, MutedError } from './message.errors.js';

/** The two seats of the match as the caller sees them: their own and the other player's (null: no one there). */
interface Seats {
  readonly mine: { readonly id: string; readonly username: string };
  readonly other: { readonly id: string; readonly username: string } | null;
}

/**
 * Match messages (docs/community.md, "Match messages"): the two players write to each other while
 * the match is under way and for 7 days after its end; only they read. A message is stored apart
 * from the match's log, published to the outbox for the notifications (kind `message`), and pushed
 * to both players' live streams on every node (LiveNotices, event `message`).
 */
@Injectable()
export class MatchMessagesService {
  constructor(
    private readonly store: MatchStore,
    private readonly messages: MatchMessagesRepository,
    private readonly users: UsersRepository,
    private readonly blocks: BlocksRepository,
    private readonly notices: LiveNotices,
    private readonly clock: Clock,
  ) {}

  /**
   * Writes `text` (normalised and judged by the DTO) to the match as `userId`. Refused: an unknown
   * match (404), a caller who is not seated in it (403 `not-a-player`; the invited player of an
   * invitation not yet accepted: 403 `messages-closed`), a match not under way and not ended within
   * 7 days (403 `messages-closed`), a muted author (403 `muted`), a block either way between the two
   * (403 `blocked`), a limit reached (429 `too-many-messages`).
   */
  async post(userId: string, matchId: string, text: string): Promise<MatchMessageView> {
    const record = await this.store.record(matchId);
    const seats = seatsOf(record, userId);
    if (seats === null) {
      if (record.invited?.id === userId) throw notStarted();
      throw new NotAPlayerError('Only the two players of a match may write to it.');
    }
    const { other } = seats;
    const now = this.clock.now();
    if (other === null || record.projection.status === 'invited') throw notStarted();
    if (isOver(record.projection.status)) {
      const closesAt = new Date(
        (record.projection.finishedAt ?? record.updatedAt).getTime() + MESSAGES_OPEN_AFTER_END_MS,
      );
      if (now.getTime() >= closesAt.getTime()) {
        throw new MessagesClosedError('The match ended more than 7 days ago: it takes no more messages.', closesAt);
      }
    }
    const author = await this.users.findById(userId);
    if (author === null) throw new UserNotFoundError(seats.mine.username);
    if (inForce(author.state.mute, now)) throw new MutedError(author.state.mute?.until ?? null);
    if (await this.blocks.between(userId, other.id)) throw new BlockedError();
    const message = await this.messages.add(author, matchId, text, now);
    await this.notices.send({
      event: 'message',
      data: message,
      match: { id: matchId, readers: [other.id, userId] },
      players: [other.id, userId],
    });
    return message;
  }

  /**
   * A page of the match's messages, newest first, for one of its two players (else 403
   * `not-a-player`); the messages of a player the reader has blocked are left out.
   */
  async page(userId: string, matchId: string, page: PageRequest): Promise<Page<MatchMessageView>> {
    const record = await this.store.record(matchId);
    const seats = seatsOf(record, userId);
    if (seats === null) throw new NotAPlayerError('Only the two players of a match may read its messages.');
    const hidden = seats.other !== null && (await this.blocks.blocks(userId, seats.other.id)) ? seats.other.id : null;
    return this.messages.page(matchId, hidden, page);
  }
}

function seatsOf(record: MatchRecord, userId: string): Seats | null {
  if (record.white?.id === userId) return { mine: record.white, other: record.black };
  if (record.black?.id === userId) return { mine: record.black, other: record.white };
  return null;
}

function notStarted(): MessagesClosedError {
  return new MessagesClosedError('The match has not started: messages open once both players are seated.');
}
