import fs from "node:fs";
import path from "node:path";

const stylesheets = new Map<string, string | undefined>();

/**
 * The text of a built stylesheet (`/assets/app-….css`, as the client build wrote it), read once, to inline in the
 * page's head (record 0036); undefined when there is no such file (development, where Vite serves the CSS itself).
 */
export function builtStylesheet(href: string): string | undefined {
  if (!stylesheets.has(href)) {
    let text: string | undefined;
    if (/^\/assets\/[\w.-]+\.css$/.test(href)) {
      try {
        text = fs.readFileSync(path.join(process.cwd(), "build", "client", href), "utf8");
      } catch {
        text = undefined;
      }
    }
    stylesheets.set(href, text);
  }
  return stylesheets.get(href);
}
