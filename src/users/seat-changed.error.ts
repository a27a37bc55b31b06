/**
 * A match was not created or joined because the account taking the seat is no longer what the
 * service seated: it became a bot between the service's read and the write (docs/bots.md, "Outside
 * bots"). Nothing was written; the use case decides again on a fresh read of the account. Never
 * answered to a client (an account becomes a bot once, so the second decision stands).
 */
export class SeatChangedError extends Error {
  constructor() {
    super('The account taking the seat became a bot meanwhile; nothing was written.');
    this.name = 'SeatChangedError';
  }
}
