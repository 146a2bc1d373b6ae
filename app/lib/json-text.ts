/**
 * Text that PostgreSQL can store: no NUL character (text and jsonb refuse it) and no lone UTF-16 surrogate
 * (jsonb refuses "\ud800"; such a string is not valid Unicode). Browser-safe.
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && value.isWellFormed();
}

/** Every string in a parsed JSON value, keys included, is storable text. */
function allStorable(value: unknown): boolean {
  if (typeof value === "string") return isStorableText(value);
  if (Array.isArray(value)) return value.every(allStorable);
  if (value && typeof value === "object")
    return Object.entries(value).every(([key, item]) => isStorableText(key) && allStorable(item));
  return true;
}

/** Parses a JSON document posted in a form field; null when it is not JSON or holds text we could not store. */
export function parseJsonField(payload: string): { value: unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  return allStorable(value) ? { value } : null;
}
