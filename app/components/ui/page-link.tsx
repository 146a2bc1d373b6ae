import {
  createContext,
  useCallback,
  useContext,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from "react";
import { useNavigate } from "react-router";

type LinkClick = (event: MouseEvent<HTMLAnchorElement>) => void;

const PageLinkClick = createContext<LinkClick | undefined>(undefined);

/**
 * The one click handler every PageLink shares (root Layout): a plain left click on a link to one of our pages
 * navigates in place, as React Router's `Link` does; a click with a modifier key, another button, or on a link
 * that opens elsewhere is left to the browser.
 */
export function PageLinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = useCallback<LinkClick>(
    (event) => {
      const anchor = event.currentTarget;
      const href = anchor.getAttribute("href");
      if (
        !href ||
        // "//host/…" is another site (the path type admits it): the browser's, as Link treats it
        href.startsWith("//") ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey ||
        (anchor.target && anchor.target !== "_self") ||
        anchor.hasAttribute("download")
      )
        return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      // as Link: a link to the page you are on replaces its history entry rather than adding one
      void navigate(href, { replace: href === here });
    },
    [navigate],
  );
  return <PageLinkClick.Provider value={onClick}>{children}</PageLinkClick.Provider>;
}

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** one of our own pages, as an absolute path: "/category/textiles", "/product/…?tab=reviews" */
  to: `/${string}`;
};

/**
 * A link to one of our pages for the places that render many of them on every page (header, category strip,
 * footer, product cards): the same markup and client-side navigation as React Router's `Link` for an absolute
 * path, without the per-link route resolution and hooks `Link` does on every render (about a tenth of a rendered
 * home page's CPU for its ~50 links; decision record 0037). For a relative path, a prefetch, state or view
 * transition, use `Link`.
 */
export function PageLink({ to, onClick, ...rest }: PageLinkProps) {
  const navigateOnClick = useContext(PageLinkClick);
  const handleClick =
    onClick && navigateOnClick
      ? (event: MouseEvent<HTMLAnchorElement>) => {
          onClick(event);
          navigateOnClick(event);
        }
      : (onClick ?? navigateOnClick);
  // data-discover: React Router's lazy route discovery fetches the routes of the links marked so, as for Link
  return <a {...rest} href={to} onClick={handleClick} data-discover="true" />;
}
