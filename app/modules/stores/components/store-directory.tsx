import { Store as StoreIcon } from "lucide-react";
import { Thumbnail } from "~/modules/uploads/components/responsive-image";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { VerificationBadge } from "~/modules/accounts/components/verification-badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FilterSelect, Label, SearchInput } from "~/components/ui/field";
import { useFieldsFollowUrl } from "~/components/ui/use-fields-follow-url";
import { Pagination } from "~/components/ui/pagination";
import { TOP_CATEGORIES, topCategoryLabel } from "~/lib/top-categories";
import {
  STORE_CARD_CATEGORY_LIMIT,
  type StoreDirectoryCard,
  type StoreDirectoryParams,
} from "../store-directory.schema";

export function StoreDirectoryCardView({ store }: { store: StoreDirectoryCard }) {
  const shown = store.categories.slice(0, STORE_CARD_CATEGORY_LIMIT);
  const more = store.categories.length - shown.length;
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-3">
        {store.logoUrl ? (
          <Thumbnail
            src={store.logoUrl}
            size={48}
            className="size-12 rounded-md border border-slate-200 object-cover"
          />
        ) : (
          <div className="flex size-12 items-center justify-center rounded-md bg-slate-100 text-slate-400">
            <StoreIcon className="size-6" aria-hidden />
          </div>
        )}
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold">{store.name}</h3>
          <VerificationBadge verified={store.verified} />
        </div>
      </div>
      {store.description ? <p className="mt-3 line-clamp-2 text-sm text-slate-600">{store.description}</p> : null}
      {shown.length ? (
        <div className="mt-3 flex flex-wrap gap-1">
          {shown.map((c) => (
            <Badge key={c}>{topCategoryLabel(c)}</Badge>
          ))}
          {more > 0 ? <Badge>+{more}</Badge> : null}
        </div>
      ) : null}
      <div className="mt-auto pt-4">
        <ButtonLink
          to={`/stores/${store.id}`}
          variant="outline"
          size="sm"
          className="w-full"
          aria-label={`View Store: ${store.name}`}
        >
          View Store
        </ButtonLink>
      </div>
    </Card>
  );
}

/** The marketplace's Stores tab: search, category and the store cards (spec §2). */
export function StoreDirectory({
  params,
  items,
  page,
  pageCount,
  action,
  keep,
}: {
  params: StoreDirectoryParams;
  items: StoreDirectoryCard[];
  page: number;
  pageCount: number;
  action: string;
  /** the page's other parameters, so switching tabs keeps the products' filters */
  keep: [string, string][];
}) {
  const search = new URLSearchParams(keep);
  if (params.q) search.set("sq", params.q);
  if (params.category) search.set("scategory", params.category);
  const clear = new URLSearchParams(keep);
  const filterForm = useFieldsFollowUrl({ sq: params.q ?? "", scategory: params.category ?? "" });
  return (
    <div>
      <Form ref={filterForm} method="get" action={action} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {keep.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <div className="flex-1">
          <Label htmlFor="store-search">Search stores</Label>
          <SearchInput id="store-search" name="sq" defaultValue={params.q} placeholder="Search stores..." />
        </div>
        <FilterSelect
          id="store-category"
          label="Category"
          name="scategory"
          className="sm:w-56"
          defaultValue={params.category ?? ""}
          options={[
            { value: "", label: "All Categories" },
            ...TOP_CATEGORIES.map(([value, label]) => ({ value, label })),
          ]}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {items.length === 0 ? (
        <Card className="mt-6 border-dashed p-12 text-center">
          <StoreIcon className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">No stores found</h2>
          <p className="mt-1 text-sm text-slate-600">Try adjusting your search criteria</p>
          <ButtonLink to={`${action}?${clear.toString()}`} variant="outline" className="mt-4">
            Clear Search
          </ButtonLink>
        </Card>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((store) => (
            <li key={store.id}>
              <StoreDirectoryCardView store={store} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} search={search} param="spage" />
    </div>
  );
}
