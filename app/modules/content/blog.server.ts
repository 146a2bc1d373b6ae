import { formatCalendarDate } from "~/lib/dates";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { isCalendarDate } from "~/lib/date-range";
import { logger } from "~/logger.server";

/** Articles live in the repository as content/blog/<slug>.md with a small front matter block. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9-]+$/;

export type BlogPostSummary = {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD, as written in the front matter. */
  date: string;
  /** The date formatted for display (en-US), done here so server and browser render the same text. */
  displayDate: string;
  author: string;
};

/** `body` is the article's Markdown, rendered as React elements by MarkdownView. */
export type BlogPost = BlogPostSummary & { body: string };

const frontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isCalendarDate, "invalid date"),
  author: z.string().min(1),
});

export function blogDirectory(): string {
  return path.join(process.cwd(), "content", "blog");
}

/** Splits `---`-fenced YAML front matter (read by the `yaml` package) from the Markdown body. */
export function parseFrontMatter(source: string): { fields: Record<string, unknown>; body: string } | null {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!match) return null;
  let fields: unknown;
  try {
    // dates stay strings: the schema checks their form
    fields = parseYaml(match[1] ?? "", { schema: "core" });
  } catch {
    return null;
  }
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) return null;
  return { fields: fields as Record<string, unknown>, body: text.slice(match[0].length) };
}

function parsePostFile(slug: string, source: string): { summary: BlogPostSummary; body: string } | null {
  const parsed = parseFrontMatter(source);
  const fields = parsed && frontMatterSchema.safeParse(parsed.fields);
  if (!parsed || !fields?.success) {
    logger.warn({ slug }, "blog post skipped: missing or invalid front matter");
    return null;
  }
  const { title, description, date, author } = fields.data;
  return {
    summary: {
      slug,
      title,
      description,
      date,
      displayDate: formatCalendarDate(date, "long"),
      author,
    },
    body: parsed.body,
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

/** All valid posts, newest first (then by title). */
export async function listBlogPosts(directory = blogDirectory()): Promise<BlogPostSummary[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const slugs = names
    .filter((name) => name.endsWith(".md"))
    .map((name) => name.slice(0, -3))
    .filter((slug) => BLOG_SLUG_PATTERN.test(slug));

  const posts = await Promise.all(
    slugs.map(async (slug) => {
      const source = await readFile(path.join(directory, `${slug}.md`), "utf8");
      return parsePostFile(slug, source)?.summary ?? null;
    }),
  );
  return posts
    .filter((post): post is BlogPostSummary => post !== null)
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

/** One post with its parsed content, or null when the slug is malformed or no such post exists. */
export async function getBlogPost(slug: string, directory = blogDirectory()): Promise<BlogPost | null> {
  // Validate before the slug comes anywhere near a file path.
  if (!BLOG_SLUG_PATTERN.test(slug) || slug.length > 120) return null;
  let source: string;
  try {
    source = await readFile(path.join(directory, `${slug}.md`), "utf8");
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const parsed = parsePostFile(slug, source);
  if (!parsed) return null;
  return { ...parsed.summary, body: parsed.body };
}
