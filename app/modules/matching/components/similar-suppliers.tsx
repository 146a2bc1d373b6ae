import { Building2 } from "lucide-react";
import { Link } from "react-router";
import { VerificationBadge } from "~/modules/accounts/components/verification-badge";
import { RatingBadge } from "~/modules/reviews/components/rating-badge";
import type { SimilarSupplier } from "../similar-suppliers.server";

function SupplierName({ name, storeId }: { name: string; storeId: string | null }) {
  return storeId ? (
    <Link to={`/stores/${storeId}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
      {name}
    </Link>
  ) : (
    <span className="font-medium text-slate-900">{name}</span>
  );
}

/**
 * "Similar suppliers" (issue #23.4): other suppliers whose catalogues match this product or store, as small cards;
 * nothing at all when there are none (a product page does not need an empty box).
 */
export function SimilarSuppliers({ suppliers, className }: { suppliers: SimilarSupplier[]; className?: string }) {
  if (suppliers.length === 0) return null;
  return (
    <section aria-labelledby="similar-suppliers-heading" className={className}>
      <h2 id="similar-suppliers-heading" className="text-lg font-semibold">
        Similar suppliers
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {suppliers.map((supplier) => (
          <li
            key={supplier.storeId ?? supplier.name}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
          >
            <div className="flex items-start gap-2">
              <Building2 className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
              <SupplierName name={supplier.name} storeId={supplier.storeId} />
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <VerificationBadge verified={supplier.verified} />
              <RatingBadge rating={supplier.rating} hideEmpty />
            </div>
            {supplier.productNames.length > 0 ? (
              <p className="text-sm text-slate-600">
                <span className="text-slate-500">Sells </span>
                {supplier.productNames.join(", ")}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
