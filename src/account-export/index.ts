/**
 * The account export's face (docs/accounts.md, "Your data"): everything the service holds about an
 * account, as one JSON document. Code outside src/account-export imports from this file only.
 */
export { AccountExportModule } from './account-export.module.js';
