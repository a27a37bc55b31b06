/** A UUID in its text form (8-4-4-4-12 hex digits, either case): what every id of the service is. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a UUID, so that it may be given to the database as one. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
