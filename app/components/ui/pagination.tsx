import { Link } from "react-router";
import { cn } from "./cn";

/** Previous/next page links that keep every other search parameter. */
export function Pagination({
  page,
  pageCount,
  search,
  param = "page",
}: {
  page: number;
  pageCount: number;
  search: URLSearchParams;
  param?: string;
}) {
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete(param);
    else params.set(param, String(p));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  const linkClass = "rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={cn(linkClass, "pointer-events-none opacity-50")} aria-disabled="true">
          Previous
        </span>
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={linkClass} rel="next">
          Next
        </Link>
      ) : (
        <span className={cn(linkClass, "pointer-events-none opacity-50")} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
