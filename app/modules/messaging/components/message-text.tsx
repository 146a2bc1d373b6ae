import { cn } from "~/components/ui/cn";
import { linkifyParts } from "../messaging-values";

/**
 * A message's text as React text nodes (never HTML), line breaks kept by CSS, http(s) addresses as links that
 * open in a new tab without a referrer or any hold on this page.
 */
export function MessageText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">
      {linkifyParts(text).map((part, i) =>
        part.type === "link" ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={cn("underline underline-offset-2", linkClassName)}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
