import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  cursorCodec,
  instantKey,
  pageOf,
  pageStart,
  uuidKey,
  type Page,
  type PageRequest,
} from '../../common/page-cursor.js';
import { publishSql } from '../../database/outbox/publish-sql.js';
import { SqlClient } from '../../database/sql-client.js';
import { lockAccountSql } from '../../users/index.js';
import {
  MATCH_MESSAGE_PUBLISHED,
  MATCH_MESSAGES_CHANNEL,
  MESSAGE_LIMITS,
  type MatchMessageView,
} from './match-message.js';
import { TooManyMessagesError } from './message.errors.js';

/**
 * The author's messages in the match over each limit's window before $3: how many, and the oldest
 * (the first to leave the window). One row; `c<i>`/`o<i>` per limit of MESSAGE_LIMITS.
 */
const COUNTS_SQL = `
SELECT ${MESSAGE_LIMITS.map(
  (_, i) =>
    `count(*) FILTER (WHERE created_at > $3::timestamptz - make_interval(secs => $${4 + i}::float8 / 1000))::int AS c${i}, ` +
    `min(created_at) FILTER (WHERE created_at > $3::timestamptz - make_interval(secs => $${4 + i}::float8 / 1000)) AS o${i}`,
).join(',\n       ')}
  FROM match_messages
 WHERE author_id = $1::uuid AND match_id = $2::uuid
   AND created_at > $3::timestamptz - make_interval(secs => $${4 + MESSAGE_LIMITS.length - 1}::float8 / 1000)`;

/**
 * Stores the message and, in the same statement, publishes `match.message` about it to the outbox
 * (docs/architecture.md, "The outbox") and wakes the notifications' consumers at its commit.
 */
const INSERT_SQL = `
WITH inserted AS (
  INSERT INTO match_messages (id, match_id, author_id, text, created_at)
  VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::timestamptz)
  RETURNING id)
SELECT ${publishSql(MATCH_MESSAGE_PUBLISHED, 'ARRAY[inserted.id]')} IS NULL AS published,
       pg_notify('${MATCH_MESSAGES_CHANNEL}', '') IS NULL AS woken
  FROM inserted`;

/** A page of the match's messages, newest first, after the cursor ($3, $4), the author $2 left out (null: none). */
const PAGE_SQL = `
SELECT m.id::text AS id, m.match_id::text AS match_id, a.username AS author, m.text, m.created_at
  FROM match_messages m
  JOIN users a ON a.id = m.author_id
 WHERE m.match_id = $1::uuid
   AND ($2::uuid IS NULL OR m.author_id <> $2::uuid)
   AND ($3::timestamptz IS NULL OR (m.created_at, m.id) < ($3::timestamptz, $4::uuid))
 ORDER BY m.created_at DESC, m.id DESC
 LIMIT $5::int`;

interface MessageRow {
  id: string;
  match_id: string;
  author: string;
  text: string;
  created_at: Date;
}

const cursors = cursorCodec('match-messages', { createdAt: instantKey, id: uuidKey });

function viewOf(row: MessageRow): MatchMessageView {
  return {
    id: row.id,
    matchId: row.match_id,
    author: row.author,
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The match messages (docs/community.md, "Match messages"), table `match_messages`: the only code
 * that writes it. A message is no event of the match's log: replays and exports never read it.
 */
@Injectable()
export class MatchMessagesRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * Stores a message of `author` (id, and username for the answer) in the match, within the limits
   * (MESSAGE_LIMITS): under a lock on the author's account, so that posts at once, on any node, are
   * counted one after the other; past a limit, TooManyMessagesError and nothing stored.
   */
  async add(
    author: { readonly id: string; readonly username: string },
    matchId: string,
    text: string,
    now: Date,
  ): Promise<MatchMessageView> {
    const id = randomUUID();
    await this.sql.transaction(async (tx) => {
      await tx.query(lockAccountSql('$1'), [author.id]);
      const [counts] = await tx.query<Record<string, number | Date | null>>(COUNTS_SQL, [
        author.id,
        matchId,
        now.toISOString(),
        ...MESSAGE_LIMITS.map((limit) => limit.ms),
      ]);
      MESSAGE_LIMITS.forEach((limit, i) => {
        const count = Number(counts?.[`c${i}`] ?? 0);
        const oldest = counts?.[`o${i}`];
        if (count < limit.limit || oldest === null || oldest === undefined) return;
        const leavesAt = new Date(oldest).getTime() + limit.ms;
        throw new TooManyMessagesError(
          limit.limit,
          limit.window,
          Math.max(1, Math.ceil((leavesAt - now.getTime()) / 1000)),
        );
      });
      await tx.query(INSERT_SQL, [id, matchId, author.id, text, now.toISOString()]);
    });
    return { id, matchId, author: author.username, text, createdAt: now.toISOString() };
  }

  /** A page of the match's messages, newest first; `hidden` (an author the reader blocked) left out. */
  async page(matchId: string, hidden: string | null, page: PageRequest): Promise<Page<MatchMessageView>> {
    const after = pageStart(cursors, page);
    const rows = await this.sql.query<MessageRow>(PAGE_SQL, [
      matchId,
      hidden,
      after?.createdAt.toISOString() ?? null,
      after?.id ?? null,
      page.limit + 1,
    ]);
    return pageOf(cursors, rows, page.limit, viewOf, (item) => ({ createdAt: new Date(item.createdAt), id: item.id }));
  }
}
