/**
 * The e2e project's set-up (jest.config.js): a test file fails if any answer its apps sent departs
 * from openapi.json (contract-check.ts), with one line per violation.
 */
import { formatViolations, takeViolations } from './contract-check.js';

afterAll(() => {
  const violations = takeViolations();
  if (violations.length > 0) throw new Error(formatViolations(violations));
});
