import { violatedConstraint } from "~/db/postgres-errors";

/**
 * Runs a statement that must fail and answers the name of the constraint that refused it, so that a test
 * asserts which rule held (`expect(await refusedBy(insert)).toBe("products_status_check")`), not merely that
 * something threw. Answers "(not refused)" when the statement succeeded, and the error's message otherwise.
 */
export async function refusedBy(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return (
      violatedConstraint(error) ??
      (error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error))
    );
  }
  return "(not refused)";
}
