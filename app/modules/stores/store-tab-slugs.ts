/** The tab that shows the store's About page rather than products (apart from store-design.schema.ts: the store page's JavaScript needs no zod). */
export const ABOUT_TAB_SLUG = "about-us";
