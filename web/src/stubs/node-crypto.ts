/**
 * Stands in for node:crypto in the browser build: the engine's dice module imports it, and no page
 * calls it (the fairness panel recomputes the dice with Web Crypto: fairness.ts).
 */
function unavailable(): never {
  throw new Error('node:crypto is not available in the browser');
}
export const createHash = unavailable;
export const createHmac = unavailable;
export const randomBytes = unavailable;
export const timingSafeEqual = unavailable;
export default { createHash, createHmac, randomBytes, timingSafeEqual };
