/**
 * The API contract as code (docs/architecture.md, "API contract"): the types openapi-typescript
 * generates from openapi.json (`npm run openapi` writes api.d.ts), the names a client uses most,
 * and the reader of the live streams' server-sent events. The web client, the typed client, the
 * example bot and their tests all stand on this face; nothing here knows the service's code.
 */
export type { components, operations, paths } from './api.js';
export {
  isMatchEvent,
  isMatchMessage,
  isPlayerStreamEvent,
  streamMessages,
  type MatchEvent,
  type MatchMessage,
  type PlayerStreamEvent,
  type StreamMessage,
} from './event-stream.js';
