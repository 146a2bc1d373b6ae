import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { getBlogPost } from "~/modules/content/blog.server";
import { MarkdownView } from "~/modules/content/components/markdown-view";
import { PostMeta } from "~/modules/content/components/post-meta";
import { invariantResponse } from "~/lib/page-refusal";
import type { Route } from "./+types/blog-post";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Article not found | Setu Blog" }];
  return [
    { title: `${loaderData.post.title} | Setu Blog` },
    { name: "description", content: loaderData.post.description },
    { property: "og:title", content: loaderData.post.title },
    { property: "og:description", content: loaderData.post.description },
    { property: "og:type", content: "article" },
  ];
}

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getBlogPost(params.slug);
  invariantResponse(post);
  return { post };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <Link
        to="/blog"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to blog
      </Link>

      <header className="mt-8 border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
        <p className="mt-4 text-lg text-slate-600">{post.description}</p>
        <PostMeta post={post} className="mt-6 gap-x-6 gap-y-2 text-sm" />
      </header>

      <MarkdownView source={post.body} className="mt-8" />

      <footer className="mt-12 flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Questions about sourcing or selling on Setu? Our team is happy to help.
        </p>
        <div className="flex flex-wrap gap-4 text-sm font-medium">
          <Link to="/blog" className="inline-flex items-center gap-1.5 text-slate-700 hover:text-brand-700">
            <ArrowLeft className="size-4" aria-hidden />
            Back to blog
          </Link>
          <Link to="/contact" className="text-brand-700 underline">
            Contact us
          </Link>
        </div>
      </footer>
    </article>
  );
}
