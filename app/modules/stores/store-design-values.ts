/** store-design's values, labels and helpers: browser-safe without zod (store-design.schema.ts re-exports them, route JS budgets). */

export const DEFAULT_PRIMARY_COLOR = "#3b82f6";
