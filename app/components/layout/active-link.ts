/**
 * What NavLink would do for a link to `to` (aria-current and the active style when the page is in its section),
 * worked out from the location the caller already has rather than by each link matching its own path on top of what
 * a Link does (decision record 0037). For plain absolute paths, where a prefix test is the same match.
 */
export function activeLinkProps(pathname: string, to: string, className: (state: { isActive: boolean }) => string) {
  const path = pathname.toLowerCase();
  const isActive = path === to || path.startsWith(`${to}/`);
  return { className: className({ isActive }), "aria-current": isActive ? ("page" as const) : undefined };
}
