import { Card } from "~/components/ui/card";
import { topCategoryLabel } from "~/lib/top-categories";
import { VerificationBadge } from "~/modules/accounts/components/verification-badge";
import { ResponsiveImage } from "~/modules/uploads/components/responsive-image";
import type { getPublicStore } from "../stores.server";

type PublicStore = NonNullable<Awaited<ReturnType<typeof getPublicStore>>>["store"];

/** The About Us tab: who the company is, in its own words and in facts a buyer checks. */
export function StoreAbout({ store, totalProducts }: { store: PublicStore; totalProducts: number }) {
  const facts = [
    { label: "Company", value: store.sellerCompany || store.name },
    { label: "Year founded", value: store.yearFounded ? String(store.yearFounded) : null },
    { label: "Monthly output", value: store.productionCapacity },
    { label: "Products on Setu", value: String(totalProducts) },
    {
      label: "Location",
      value: [store.address?.city, store.address?.state, store.address?.country].filter(Boolean).join(", ") || null,
    },
    { label: "Sells", value: store.categories.map(topCategoryLabel).join(", ") || null },
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact.value));
  return (
    <section className="mt-8 grid gap-6 lg:grid-cols-3" aria-labelledby="about-heading">
      <div className="lg:col-span-2">
        <h2 id="about-heading" className="text-xl font-semibold">
          About {store.name}
        </h2>
        <p className="mt-3 whitespace-pre-line text-slate-700">
          {store.description || "This supplier has not written about the company yet."}
        </p>
        {store.photos.length > 0 ? (
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos">
            {store.photos.map((url) => (
              <li key={url} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
                <ResponsiveImage
                  src={url}
                  alt=""
                  sizes="(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw"
                  widths={[320, 480, 640]}
                  width={640}
                  height={480}
                  className="aspect-[4/3] w-full object-cover"
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Card className="h-fit p-5">
        <h3 className="font-semibold">Company facts</h3>
        <div className="mt-2">
          <VerificationBadge
            verified={store.verified}
            label={{
              verified: "Verified Seller",
              unverified: "Unverified: Setu has not checked this company's documents yet",
            }}
            className="shrink"
          />
        </div>
        <dl className="mt-4 space-y-3 text-sm">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-slate-500">{fact.label}</dt>
              <dd className="font-medium text-slate-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
        {store.certifications.length > 0 ? (
          <>
            <h3 className="mt-5 font-semibold">Certifications</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {store.certifications.map((c) => (
                <li key={c} className="rounded-full border border-slate-200 px-2 py-0.5 text-xs text-slate-700">
                  {c}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>
    </section>
  );
}
