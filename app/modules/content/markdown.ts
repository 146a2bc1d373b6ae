/** Links in articles may go to a path on this site or to an https:// address; anything else shows as text. Pure and browser-safe. */
export function isSafeHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f<>"'`\\]/.test(href)) return false;
  if (href.startsWith("/")) return !href.startsWith("//");
  return /^https:\/\/[^/?#]/.test(href);
}
