/**
 * The community module's face (docs/community.md): the messages between a match's players, and the
 * players' reports. Code outside src/community imports from this file only.
 */
// What an account wrote and filed, for the export of its data (docs/accounts.md, "Your data").
export { MessagesOfAuthor, type WrittenMessage } from './messages/messages-of-author.repository.js';
export { ReportsOfReporter, type FiledReport } from './reports/reports-of-reporter.repository.js';
