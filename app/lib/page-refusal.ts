import { data } from "react-router";

/**
 * The words of a refused page, thrown by a loader and drawn by the root error boundary (record 0039): a missing
 * or someone else's thing is a 404 (`NotFoundPage`), a page for someone else a 401/403 (`AccessRequiredPage`).
 */
export type RefusedPage = { heading: string; message: string; link: { to: string; label: string } };

/**
 * `invariantResponse` (as in `@epic-web/invariant`, three lines rather than a dependency): past it the condition
 * holds, else the response is thrown. Without `page` a 404 is the generic 'Oops! Page not found'.
 */
export function invariantResponse(
  condition: unknown,
  page: RefusedPage | null = null,
  status: 401 | 403 | 404 = 404,
): asserts condition {
  if (!condition) throw data(page, { status });
}

/** The thrown response's words when a loader gave them; anything else thrown draws the generic page. */
export function refusedPage(errorData: unknown): RefusedPage | null {
  if (typeof errorData !== "object" || errorData === null) return null;
  const { heading, message, link } = errorData as Partial<RefusedPage>;
  return typeof heading === "string" &&
    typeof message === "string" &&
    typeof link?.to === "string" &&
    typeof link.label === "string"
    ? { heading, message, link }
    : null;
}
