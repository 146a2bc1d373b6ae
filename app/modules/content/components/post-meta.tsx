import { CalendarDays, UserRound } from "lucide-react";
import { cn } from "~/components/ui/cn";

/** A blog post's date and author, as a description list (the blog's cards and the article's header). */
export function PostMeta({
  post,
  className,
  iconClassName = "size-4",
}: {
  post: { date: string; displayDate: string; author: string };
  className?: string;
  iconClassName?: string;
}) {
  return (
    <dl className={cn("flex flex-wrap items-center text-slate-500", className)}>
      <div className="flex items-center gap-1.5">
        <dt>
          <CalendarDays className={iconClassName} aria-hidden />
          <span className="sr-only">Published</span>
        </dt>
        <dd>
          <time dateTime={post.date}>{post.displayDate}</time>
        </dd>
      </div>
      <div className="flex items-center gap-1.5">
        <dt>
          <UserRound className={iconClassName} aria-hidden />
          <span className="sr-only">Author</span>
        </dt>
        <dd>{post.author}</dd>
      </div>
    </dl>
  );
}
