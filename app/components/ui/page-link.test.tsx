import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PageLink, PageLinkNavigation } from "./page-link";

/** Server markup of `element` on a page of a data router (as the app renders), the shared handler provided. */
function markup(element: ReactNode, path = "/browse") {
  const router = createMemoryRouter([{ path: "*", element: <PageLinkNavigation>{element}</PageLinkNavigation> }], {
    initialEntries: [path],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("PageLink", () => {
  const cases: [string, `/${string}`, Record<string, string>][] = [
    ["a page", "/help", { className: "hover:underline" }],
    ["a page with a query", "/auth?tab=signup", { className: "btn" }],
    ["a product, labelled", "/product/9344fc2a-3783-4488-89c1-673a5ba2a44b", { "aria-label": "Towels" }],
    ["the page you are on, current", "/browse", { "aria-current": "page" }],
  ];
  it.each(cases)("renders %s exactly as React Router's Link does", (_name, to, props) => {
    const ours = markup(
      <PageLink to={to} {...props}>
        Go
      </PageLink>,
    );
    const routers = markup(
      <Link to={to} {...props}>
        Go
      </Link>,
    );
    expect(ours).toBe(routers);
    expect(ours).toContain(`href="${to}"`);
  });

  it("renders a plain link where no page provides the handler (a component rendered on its own)", () => {
    expect(renderToStaticMarkup(<PageLink to="/terms">Terms</PageLink>)).toBe(
      '<a href="/terms" data-discover="true">Terms</a>',
    );
  });
});
