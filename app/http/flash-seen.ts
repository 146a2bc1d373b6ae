/**
 * The cookie the page sets when it has shown a notice (root.tsx), naming its id: once a request carries it, that notice
 * is cleared (flash.server.ts), so no later load within the notice's minute, a whole page's either, shows it again. A
 * session cookie of one id: the next notice shown replaces it.
 */
export const FLASH_SEEN_COOKIE = "setu_shown";
