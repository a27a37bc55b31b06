/**
 * The parameters of a statement composed of fragments (docs/architecture.md, "The versioned-log
 * writer"): each fragment adds its values and gets their placeholders, `$k::type`, numbered in the
 * order they were added, so that no fragment counts another's parameters. Every placeholder is cast,
 * as the repositories' SQL is (src/database/sql-client.ts): both drivers then send and read the same types.
 */
export class SqlParams {
  private readonly list: unknown[] = [];

  /** `valuesOnly`: the statement's text is known already, only the values are wanted (placeholders are empty). */
  constructor(private readonly valuesOnly = false) {}

  /** The placeholder of `value`, cast to `type` (a PostgreSQL type: 'uuid', 'int', 'jsonb', ...). */
  add(value: unknown, type: string): string {
    this.list.push(value);
    return this.valuesOnly ? '' : `$${this.list.length}::${type}`;
  }

  /** The values, in their placeholders' order. */
  get values(): readonly unknown[] {
    return this.list;
  }
}
