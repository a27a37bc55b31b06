/**
 * The health module's face: liveness and readiness. Only the composition root uses it. Code
 * outside src/health imports from this file only (src/architecture.spec.ts checks it).
 */
export { HealthModule } from './health.module.js';
