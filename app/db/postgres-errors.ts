/** Whether a database error (or one it wraps, as Drizzle does) is a unique-constraint violation: PostgreSQL's 23505, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}
