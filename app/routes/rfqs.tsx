import { useRootUser } from "~/root";
import { FileSearch, Plus } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { FilterSelect, Label, SearchInput } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { getSessionUser } from "~/modules/accounts/session.server";
import { RfqCard, RfqCardSkeleton } from "~/modules/rfqs/components/rfq-card";
import { parseRfqListParams } from "~/modules/rfqs/rfq.schema";
import { RFQ_CATEGORIES, RFQ_SORTS } from "~/modules/rfqs/rfq-list-options";
import { listRfqs } from "~/modules/rfqs/rfqs.server";
import type { Route } from "./+types/rfqs";
import { appContext } from "~/request-context.server";

export function meta({ loaderData: data }: Route.MetaArgs) {
  const mine = data?.params.mine;
  return [
    { title: mine ? "My RFQs | Setu" : "Requests for Quote from US Buyers | Setu" },
    { name: "description", content: "Open requests for quote from US business buyers. Indian suppliers quote directly; quotes are sealed." },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseRfqListParams(url.searchParams);
  const viewer = await getSessionUser(request, context.get(appContext).runtime);
  if (params.mine && !viewer) throw redirect(`/auth?redirectTo=${encodeURIComponent("/rfqs?mine=1")}`);
  const result = await listRfqs(context.get(appContext).runtime.db, params, viewer);
  return { params, ...result };
}

export default function Rfqs({ loaderData }: Route.ComponentProps) {
  const user = useRootUser();
  const { params, items, total, page, pageCount } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/rfqs";
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.category !== "all") search.set("category", params.category);
  if (params.sort !== "newest") search.set("sort", params.sort);
  if (params.mine) search.set("mine", "1");

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{params.mine ? "My RFQs" : "Requests for Quote"}</h1>
          <p className="mt-1 text-slate-600">
            {params.mine
              ? "Every RFQ you have posted, with its status and quotes."
              : "Open sourcing requests from US buyers. Each closes at the end of its deadline day in the buyer's time zone, shown here in yours and in IST."}
          </p>
        </div>
        <ButtonLink to="/create-rfq">
          <Plus className="size-4" aria-hidden /> Post an RFQ
        </ButtonLink>
      </header>

      {/* keyed by the URL: after 'Clear filters' or the back button the inputs show the URL's values */}
      <Form key={search.toString()} method="get" className="mt-6 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        {params.mine ? <input type="hidden" name="mine" value="1" /> : null}
        <div>
          <Label htmlFor="rfq-search">Search</Label>
          <SearchInput id="rfq-search" name="q" defaultValue={params.q} placeholder="Search RFQs by title, description or category..." />
        </div>
        <FilterSelect id="rfq-category" label="Category" name="category" defaultValue={params.category} options={[{ value: "all", label: "All Categories" }, ...RFQ_CATEGORIES]} />
        <FilterSelect id="rfq-sort" label="Sort by" name="sort" defaultValue={params.sort} options={RFQ_SORTS} />
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </Form>

      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {total} {total === 1 ? "RFQ" : "RFQs"}
      </p>

      {loading ? (
        <div className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 9 }, (_, i) => (
            <RfqCardSkeleton key={i} />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-12 text-center">
          <FileSearch className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">No RFQs found</h2>
          <p className="mt-1 text-sm text-slate-600">Try adjusting your search criteria or filters</p>
          <Link to={params.mine ? "/rfqs?mine=1" : "/rfqs"} className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
            Clear filters
          </Link>
        </div>
      ) : (
        <div className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {items.map((rfq) => (
            <RfqCard key={rfq.id} rfq={rfq} showStatus={Boolean(params.mine)} canQuote={user?.userType === "seller"} />
          ))}
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} search={search} />
    </div>
  );
}
