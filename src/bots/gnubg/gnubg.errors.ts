/**
 * Why GNU Backgammon gave no decision (docs/bots.md "GNU Backgammon as a
 * bot"). Internal: a bot's failure is retried by its worker, never shown to
 * a client as is.
 */

export type GnubgFailure =
  /** gnubg was not found, or is switched off (GNUBG_PATH=off). */
  | 'unavailable'
  /** gnubg did not start and listen on its socket, in every try. */
  | 'start-failed'
  /** gnubg did not answer in GNUBG_TIMEOUT_SECONDS, twice (it was restarted in between). */
  | 'timeout'
  /** gnubg died or closed the connection during a request, twice. */
  | 'died'
  /** gnubg answered "Error: ..." or something that is not a legal action now. */
  | 'bad-answer'
  /** No answer within GNUBG_DEADLINE_MS of the question (waiting its turn included). */
  | 'deadline'
  /** GNUBG_QUEUE_LIMIT questions waited already. */
  | 'queue-full'
  /** The service is shutting down. */
  | 'closed';

export class GnubgError extends Error {
  override readonly name = 'GnubgError';

  constructor(
    readonly failure: GnubgFailure,
    message: string,
  ) {
    super(message);
  }
}
