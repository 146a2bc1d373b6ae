import { MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import type { SubjectType } from "../messaging.schema";

/**
 * "Contact Supplier", "Contact Buyer", "Contact Seller", "Inquire": a post to /messages that opens the thread
 * for this pair and subject (or starts it) and goes there. A visitor is asked to log in (`onNeedAuth`, the
 * spec's dialog); without JavaScript the post itself sends a visitor to the sign-in page and back.
 */
export function ContactButton({
  subjectType,
  subjectId,
  counterpartId,
  signedIn,
  onNeedAuth,
  children,
  variant = "outline",
  size = "md",
  className,
  formClassName,
}: {
  subjectType: SubjectType;
  subjectId: string;
  counterpartId?: string;
  signedIn: boolean;
  onNeedAuth?: () => void;
  children: ReactNode;
  variant?: "primary" | "outline" | "secondary" | "ghost";
  size?: "sm" | "md" | "lg";
  className?: string;
  formClassName?: string;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formAction === "/messages" &&
    navigation.formData?.get("subjectId") === subjectId;
  return (
    <Form method="post" action="/messages" className={formClassName}>
      <input type="hidden" name="subjectType" value={subjectType} />
      <input type="hidden" name="subjectId" value={subjectId} />
      {counterpartId ? <input type="hidden" name="counterpartId" value={counterpartId} /> : null}
      <input type="hidden" name="from" value={location.pathname + location.search} />
      <Button
        type="submit"
        variant={variant}
        size={size}
        className={className}
        disabled={busy}
        onClick={(event) => {
          if (signedIn || !onNeedAuth) return;
          event.preventDefault();
          onNeedAuth();
        }}
      >
        <MessageSquare className="size-4" aria-hidden /> {children}
      </Button>
    </Form>
  );
}
