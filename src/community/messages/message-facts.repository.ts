/**
 * What the community module tells the consumers of its `match.message` outbox messages
 * (docs/notifications.md, "Match messages"): the messages by id, read on the consumer's
 * transaction. The only read of match_messages for another module.
 */
import type { SqlClient } from '../../database/sql-client.js';

/** A stored message as the notifications need it. */
export interface MessageFacts {
  readonly id: string;
  readonly matchId: string;
  readonly authorId: string;
  readonly text: string;
  readonly createdAt: Date;
}

const FACTS_SQL = `
SELECT id::text AS id, match_id::text AS match_id, author_id::text AS author_id, text, created_at
  FROM match_messages WHERE id = ANY($1::uuid[])`;

/** The messages `ids` (unknown ids, such as messages gone with their match, left out). */
export async function readMessageFacts(sql: Pick<SqlClient, 'query'>, ids: readonly string[]): Promise<MessageFacts[]> {
  if (ids.length === 0) return [];
  const rows = await sql.query<{ id: string; match_id: string; author_id: string; text: string; created_at: Date }>(
    FACTS_SQL,
    [ids],
  );
  return rows.map((row) => ({
    id: row.id,
    matchId: row.match_id,
    authorId: row.author_id,
    text: row.text,
    createdAt: new Date(row.created_at),
  }));
}
