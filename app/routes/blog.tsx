import { ArrowRight, Newspaper } from "lucide-react";
import { Link } from "react-router";
import { listBlogPosts } from "~/modules/content/blog.server";
import { PostMeta } from "~/modules/content/components/post-meta";
import type { Route } from "./+types/blog";

export function meta() {
  return [
    { title: "Blog | Setu" },
    {
      name: "description",
      content:
        "Practical guides for US buyers and Indian suppliers: sourcing safely, writing RFQs, quoting, and shipping wholesale goods from India to the USA.",
    },
  ];
}

export async function loader() {
  return { posts: await listBlogPosts() };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;

  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Setu Blog</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Guides for cross-border wholesale trade
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-600">
            Practical advice for US buyers sourcing from India and for Indian suppliers selling to US businesses.
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:py-16" aria-labelledby="articles-heading">
        <h2 id="articles-heading" className="sr-only">
          Articles
        </h2>
        {posts.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-12 text-center">
            <Newspaper className="mx-auto size-10 text-slate-400" aria-hidden />
            <h3 className="mt-4 text-lg font-semibold">No articles yet</h3>
            <p className="mt-2 text-sm text-slate-600">Our first guides are on their way. Check back soon.</p>
          </div>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.slug}>
                <article className="group relative flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6 transition hover:border-brand-500 hover:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2">
                  <h3 className="text-lg font-semibold leading-snug text-slate-900">
                    <Link
                      to={`/blog/${post.slug}`}
                      className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none group-hover:text-brand-700"
                    >
                      {post.title}
                    </Link>
                  </h3>
                  <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{post.description}</p>
                  <PostMeta post={post} className="mt-5 gap-x-4 gap-y-1 text-xs" iconClassName="size-3.5" />
                  <p className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700" aria-hidden>
                    Read article
                    <ArrowRight className="size-4 transition group-hover:translate-x-0.5" />
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
