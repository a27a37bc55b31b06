/**
 * What a match message tells whom (docs/notifications.md, "Match messages"): pure, from the message
 * and its match's facts. The other seated player hears of it (kind `message`), unless a house bot
 * sits there; the author never does. The id is made from the message and the reader, so that a
 * message decided again (a consumer run again after a crash, another node) is queued once.
 */
import { stableId } from '../../common/stable-id.js';
import type { MessageFacts } from '../../community/index.js';
import type { Decided } from './decide-notifications.js';
import { matchName } from './decide-notifications.js';
import type { MatchFacts, Party } from './match-facts.js';
import { notificationText } from './notification-words/notification-words.js';

/** The notification of `message` to the other player of `match`; null when nobody is to hear of it. */
export function decideMessageNotification(message: MessageFacts, match: MatchFacts, now: Date): Decided | null {
  const seats = [match.white, match.black];
  const author = seats.find((party) => party?.id === message.authorId) ?? null;
  const reader: Party | null =
    author === null ? null : (seats.find((party) => party !== null && party.id !== author.id) ?? null);
  if (author === null || reader === null || reader.houseBot) return null;
  const language = reader.language;
  return {
    notification: {
      ...(language === null ? {} : { language }),
      id: stableId(`message:${message.id}:${reader.id}`),
      kind: 'message',
      userId: reader.id,
      createdAt: now.toISOString(),
      matchId: match.matchId,
      title: notificationText(language, 'message.title', { from: author.username }),
      body: notificationText(language, 'message.body', { text: message.text, match: matchName(match, language) }),
      path: `/matches/${match.matchId}`,
      data: {
        matchId: match.matchId,
        variant: match.variant,
        length: match.length,
        messageId: message.id,
        from: author.username,
        text: message.text,
        createdAt: message.createdAt.toISOString(),
      },
    },
    still: { kind: 'always' },
  };
}
