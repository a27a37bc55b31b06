/**
 * The interchange module's face: .mat and JSON export and import of whole matches. Only the
 * composition root uses it. Code outside src/interchange imports from this file only
 * (src/architecture.spec.ts checks it).
 */
export { InterchangeModule } from './interchange.module.js';
