import { createContext, useContext } from "react";

/** Given by the server (entry.server.tsx) when it could read the built stylesheet: its text; never in the browser. */
export const InlineStylesheetContext = createContext<string | undefined>(undefined);

/**
 * The app's one stylesheet, inlined in the head when the server has its text: the page paints with the HTML, without
 * waiting for a render-blocking request (on a phone's first visit that is a round trip before anything shows), and
 * before the page's scripts arrive. Otherwise (development) a stylesheet link. Either way with a `precedence`, so React
 * puts it first in the head, ahead of the modulepreloads it hoists there.
 */
export function AppStylesheet({ href }: { href: string }) {
  const css = useContext(InlineStylesheetContext);
  // in the browser always the inline element: React adopts the server's by its href (or, after a server that sent
  // the link, adds an empty one beside it, which changes nothing)
  return css === undefined && typeof document === "undefined" ? (
    <link rel="stylesheet" href={href} precedence="app" />
  ) : (
    <style href={href} precedence="app">
      {css ?? ""}
    </style>
  );
}
