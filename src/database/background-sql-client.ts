import type { Provider } from '@nestjs/common';
import { SqlClient } from './sql-client.js';

/**
 * The Nest token of the SqlClient for work no request waits on (docs/architecture.md, "The
 * database"): the notifications' relay, deliveries and their repositories. On PostgreSQL it runs
 * on a small pool of its own, so that a burst of requests queued on the service's pool does not
 * hold back the relay and the deliveries (a player waiting for a "your turn" webhook waits on them);
 * on PGlite it is the one SqlClient.
 */
export const BACKGROUND_SQL_CLIENT = Symbol('BACKGROUND_SQL_CLIENT');

/**
 * Put in a module's providers, gives that module's repositories the background SqlClient wherever
 * they ask for a SqlClient (a module's own provider comes before the global one).
 */
export const onBackgroundPool: Provider = { provide: SqlClient, useExisting: BACKGROUND_SQL_CLIENT };
