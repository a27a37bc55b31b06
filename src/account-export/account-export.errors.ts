import { refusal } from '../common/domain-error.js';

/** An account asked for its data's export more than ACCOUNT_EXPORTS_PER_DAY times in 24 hours. */
export class TooManyExportsError extends refusal({
  code: 'too-many-exports',
  kind: 'too-many',
  message: (limit: number) => `An account may export its data ${limit} times a day; try again later.`,
  extensions: (limit: number) => ({ limit }),
}) {
  constructor(
    limit: number,
    override readonly retryAfterSeconds: number,
  ) {
    super(limit);
  }
}
