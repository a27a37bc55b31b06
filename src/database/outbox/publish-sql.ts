/**
 * A message published from inside a producer's own statement (docs/architecture.md, "The outbox"):
 * the call of `outbox_publish` for a CTE, so that a write and its message commit together. `type`
 * is a constant of the producer's code, never a request's text; `keys` an SQL expression of uuid[].
 */
export function publishSql(type: string, keys: string): string {
  if (!/^[a-z]+(?:[.-][a-z]+)*$/.test(type)) throw new RangeError(`Not a message type: ${type}`);
  return `outbox_publish('${type}', ${keys})`;
}
