export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from a URL or form is a well-formed UUID: anything else would make PostgreSQL's uuid cast fail. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
