/**
 * The community module's face (docs/community.md): the messages between a match's players, and the
 * players' reports. Code outside src/community imports from this file only.
 */
export { CommunityModule } from './community.module.js';

// Match messages (docs/community.md, "Match messages"): what a message is, and what the consumers of
// its outbox message (`match.message`, the notifications) read of it.
export { MATCH_MESSAGE_PUBLISHED, MATCH_MESSAGES_CHANNEL, type MatchMessageView } from './messages/match-message.js';
export { readMessageFacts, type MessageFacts } from './messages/message-facts.repository.js';
