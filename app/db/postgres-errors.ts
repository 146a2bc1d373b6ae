/** Whether a database error (or one it wraps, as Drizzle does) is a unique-constraint violation: PostgreSQL's 23505, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/**
 * The name of the constraint a database error (or one it wraps) violated, from either driver (PGlite's
 * `constraint`, postgres.js's `constraint_name`); or the message a trigger raised. undefined for anything else.
 */
export function violatedConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { constraint, constraint_name } = e as { constraint?: unknown; constraint_name?: unknown };
    if (typeof constraint === "string") return constraint;
    if (typeof constraint_name === "string") return constraint_name;
  }
  return undefined;
}
