/**
 * A deliberately small Markdown subset for the blog: headings (## and ###), paragraphs,
 * bulleted and numbered lists, and **bold**, *italic* and [links](url) inline.
 * Anything else, raw HTML included, stays plain text; the view renders text nodes only.
 * Pure and browser-safe.
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "heading"; level: 2 | 3; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Inline[][] };

/** Links may go to a path on this site or to an https:// address; everything else is dropped to text. */
export function isSafeHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f<>"'`\\]/.test(href)) return false;
  if (href.startsWith("/")) return !href.startsWith("//");
  return /^https:\/\/[^/?#]/.test(href);
}

const ESCAPABLE = new Set(["\\", "*", "_", "[", "]", "(", ")", "#", "-", "+", "!", "`"]);

/** Index of the closing delimiter for an emphasis run starting at `from`, or -1. */
function findClosing(src: string, from: number, delimiter: "*" | "**"): number {
  for (let i = from; i < src.length; i++) {
    const ch = src[i];
    if (ch === "\\") {
      i++;
      continue;
    }
    if (ch !== "*") continue;
    const isDouble = src[i + 1] === "*";
    if (delimiter === "**") {
      if (isDouble && i > from && !/\s/.test(src[i - 1])) return i;
      if (isDouble) i++;
    } else {
      if (isDouble) {
        // Skip a nested **bold** run inside *italic*.
        const inner = findClosing(src, i + 2, "**");
        if (inner === -1) return -1;
        i = inner + 1;
        continue;
      }
      if (i > from && !/\s/.test(src[i - 1])) return i;
    }
  }
  return -1;
}

/** Index of the `]` matching the `[` at `open`, or -1. */
function findLabelEnd(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const ch = src[i];
    if (ch === "\\") {
      i++;
    } else if (ch === "[") {
      depth++;
    } else if (ch === "]") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Index of the `)` closing a link destination that starts at `from`, allowing balanced parentheses; or -1. */
function findDestinationEnd(src: string, from: number): number {
  let depth = 0;
  for (let i = from; i < src.length; i++) {
    const ch = src[i];
    if (ch === "\\") i++;
    else if (ch === "(") depth++;
    else if (ch === ")") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function pushText(out: Inline[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.type === "text") last.text += text;
  else out.push({ type: "text", text });
}

function pushAll(out: Inline[], nodes: Inline[]) {
  for (const node of nodes) {
    if (node.type === "text") pushText(out, node.text);
    else out.push(node);
  }
}

export function parseInline(src: string, allowLinks = true): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];

    if (ch === "\\" && i + 1 < src.length && ESCAPABLE.has(src[i + 1])) {
      pushText(out, src[i + 1]);
      i += 2;
      continue;
    }

    if (ch === "*" && src[i + 1] === "*" && src[i + 2] !== undefined && !/\s/.test(src[i + 2])) {
      const end = findClosing(src, i + 2, "**");
      if (end !== -1) {
        out.push({ type: "strong", children: parseInline(src.slice(i + 2, end), allowLinks) });
        i = end + 2;
        continue;
      }
    }

    if (ch === "*" && src[i + 1] !== "*" && src[i + 1] !== undefined && !/\s/.test(src[i + 1])) {
      const end = findClosing(src, i + 1, "*");
      if (end !== -1) {
        out.push({ type: "em", children: parseInline(src.slice(i + 1, end), allowLinks) });
        i = end + 1;
        continue;
      }
    }

    if (ch === "[" && allowLinks) {
      const labelEnd = findLabelEnd(src, i);
      if (labelEnd !== -1 && src[labelEnd + 1] === "(") {
        const urlEnd = findDestinationEnd(src, labelEnd + 2);
        if (urlEnd !== -1) {
          const label = parseInline(src.slice(i + 1, labelEnd), false);
          const href = src.slice(labelEnd + 2, urlEnd).trim();
          if (isSafeHref(href)) out.push({ type: "link", href, children: label });
          else pushAll(out, label);
          i = urlEnd + 1;
          continue;
        }
      }
    }

    pushText(out, ch);
    i++;
  }
  return out;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^[-*+]\s+(.*)$/;
const NUMBERED = /^(\d{1,9})[.)]\s+(.*)$/;

type Draft =
  | { kind: "paragraph"; lines: string[] }
  | { kind: "list"; ordered: boolean; start: number; items: string[] }
  | null;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let draft: Draft = null;

  const flush = () => {
    if (draft?.kind === "paragraph") {
      blocks.push({ type: "paragraph", children: parseInline(draft.lines.join(" ")) });
    } else if (draft?.kind === "list") {
      blocks.push({
        type: "list",
        ordered: draft.ordered,
        start: draft.start,
        items: draft.items.map((item) => parseInline(item)),
      });
    }
    draft = null;
  };

  for (const rawLine of source.replace(/\r\n?/g, "\n").split("\n")) {
    const indented = /^\s/.test(rawLine);
    const line = rawLine.trim();

    if (line === "") {
      flush();
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading && !indented) {
      flush();
      // The page title is the only h1, so a single # becomes a section heading too.
      blocks.push({ type: "heading", level: heading[1].length <= 2 ? 2 : 3, children: parseInline(heading[2]) });
      continue;
    }

    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const text = bullet ? bullet[1] : numbered![2];
      if (draft?.kind === "list" && draft.ordered === ordered) {
        draft.items.push(text);
      } else {
        flush();
        draft = { kind: "list", ordered, start: numbered ? Number(numbered[1]) : 1, items: [text] };
      }
      continue;
    }

    if (draft?.kind === "list" && indented) {
      draft.items[draft.items.length - 1] += ` ${line}`;
      continue;
    }

    if (draft?.kind === "paragraph") {
      draft.lines.push(line);
    } else {
      flush();
      draft = { kind: "paragraph", lines: [line] };
    }
  }
  flush();
  return blocks;
}

/** Plain text of inline nodes, e.g. for heading anchors. */
export function inlineText(nodes: Inline[]): string {
  return nodes.map((node) => (node.type === "text" ? node.text : inlineText(node.children))).join("");
}
