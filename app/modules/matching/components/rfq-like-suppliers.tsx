import { MessageSquare } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { VerificationBadge } from "~/modules/accounts/components/verification-badge";
import type { RfqLikeSupplier } from "../similar-suppliers.server";

/**
 * "Suppliers who quoted on RFQs like yours", for the RFQ's buyer: each with a way to reach it (a message about its
 * store and the store itself) when it has a store.
 */
export function RfqLikeSuppliers({ suppliers, from }: { suppliers: RfqLikeSupplier[]; from: string }) {
  if (suppliers.length === 0) return null;
  return (
    <section aria-labelledby="rfq-like-suppliers-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="rfq-like-suppliers-heading" className="text-lg font-semibold">
        Suppliers who quoted on RFQs like yours
      </h2>
      <p className="mt-1 text-sm text-slate-600">They have not quoted on this RFQ yet. Invite them by message.</p>
      <ul className="mt-4 divide-y divide-slate-100">
        {suppliers.map((supplier) => (
          <li key={supplier.storeId ?? supplier.name} className="py-3 first:pt-0 last:pb-0">
            <p className="font-medium text-slate-900">{supplier.name}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <VerificationBadge verified={supplier.verified} />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              Quoted on {supplier.similarRfqs} similar {supplier.similarRfqs === 1 ? "RFQ" : "RFQs"}
            </p>
            {supplier.storeId ? (
              <div className="mt-2 flex flex-wrap gap-2">
                {/* the post ContactButton makes (/messages opens the conversation about the store), written out so
                    the page's first JavaScript does not carry the button's code twice (route JS budget) */}
                <Form method="post" action="/messages">
                  <input type="hidden" name="subjectType" value="store" />
                  <input type="hidden" name="subjectId" value={supplier.storeId} />
                  <input type="hidden" name="from" value={from} />
                  <Button type="submit" variant="outline" size="sm">
                    <MessageSquare className="size-4" aria-hidden /> Message supplier
                  </Button>
                </Form>
                <Link
                  to={`/stores/${supplier.storeId}`}
                  className="inline-flex items-center px-2 text-sm font-medium text-brand-700 hover:underline"
                >
                  View store
                </Link>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
