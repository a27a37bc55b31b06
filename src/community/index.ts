/**
 * The community module's face (docs/community.md): the messages between a match's players, and the
 * players' reports. Code outside src/community imports from this file only.
 */
export { CommunityModule } from './community.module.js';

// Reports (docs/community.md, "Reports"). ReportCasesService is what moderators and the account's
// export read them through: `cases({status, cursor, limit})` the queue (a cursor page, the latest
// filing first), `case(id)`, `close(id, moderatorId, resolution)` (ReportNotFoundError 404,
// ReportClosedError 409), `casesAbout(targetId)` and `filingsBy(reporterId)`. It checks no role:
// the routes that call it do.
export { ReportCasesService, type CasesQuery } from './reports/report-cases.service.js';
export { ReportClosedError, ReportNotFoundError } from './reports/reports.errors.js';
export {
  REPORT_REASONS,
  REPORT_STATUSES,
  type FilingByReporter,
  type ReportCase,
  type ReportFiling,
  type ReportReason,
  type ReportStatus,
} from './reports/report.js';
// Match messages (docs/community.md, "Match messages"): what a message is, and what the consumers of
// its outbox message (`match.message`, the notifications) read of it.
export { MATCH_MESSAGE_PUBLISHED, MATCH_MESSAGES_CHANNEL, type MatchMessageView } from './messages/match-message.js';
export { readMessageFacts, type MessageFacts } from './messages/message-facts.repository.js';
// What an account wrote and filed, for the export of its data (docs/accounts.md, "Your data").
export { MessagesOfAuthor, type WrittenMessage } from './messages/messages-of-author.repository.js';
