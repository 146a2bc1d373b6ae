import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { deflateOnce, type HtmlSplice } from "./coalesced-html-stream.server";

/** A built stylesheet's placeholder (rendered in the page) and its bytes (put in its place as the page is sent). */
export type InlineStylesheet = { placeholder: string; splice: HtmlSplice };

const stylesheets = new Map<string, InlineStylesheet | undefined>();
// a CSS comment no page can hold by chance nor by design: random per process, and never sent (it is replaced)
const PLACEHOLDER = `/*inline-stylesheet-${crypto.randomUUID()}*/`;

/**
 * A built stylesheet (`/assets/app-….css`, as the client build wrote it) to inline, read once; undefined when there
 * is no such file (development, where Vite serves the CSS itself).
 */
export function builtStylesheet(href: string): InlineStylesheet | undefined {
  if (!stylesheets.has(href)) {
    let stylesheet: InlineStylesheet | undefined;
    if (/^\/assets\/[\w.-]+\.css$/.test(href)) {
      try {
        const text = fs.readFileSync(path.join(process.cwd(), "build", "client", href), "utf8");
        // as React escapes a <style>'s text: a "</style" in the CSS would end the element early
        const content = Buffer.from(escapeStyleText(text));
        stylesheet = {
          placeholder: PLACEHOLDER,
          splice: { placeholder: Buffer.from(PLACEHOLDER), content, deflated: deflateOnce(content) },
        };
      } catch {
        stylesheet = undefined;
      }
    }
    stylesheets.set(href, stylesheet);
  }
  return stylesheets.get(href);
}

/** What React's server renderer does to a <style> element's text (react-dom-server, escapeStyleTextContent). */
export function escapeStyleText(text: string): string {
  return text.replace(/(<\/|<)(s)(tyle)/gi, (_match, prefix: string, s: string, suffix: string) => {
    return `${prefix}${s === "s" ? "\\73 " : "\\53 "}${suffix}`;
  });
}
