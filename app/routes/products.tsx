import { Package, Pencil } from "lucide-react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { Badge, statusTone } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { categoryLabel, PRODUCT_CATEGORIES, UNITS } from "~/lib/categories";
import { redirectWithFlash } from "~/lib/flash.server";
import { readFormData } from "~/lib/form-data.server";
import { formatUsdRange } from "~/lib/money";
import { getSessionUser, sellerAccess } from "~/modules/accounts/session.server";
import { CreateProductDialog } from "~/modules/products/components/create-product-dialog";
import {
  createProductFromDraft,
  createProductFromForm,
  listSellerProducts,
  setProductStatus,
  updateProductFromForm,
} from "~/modules/products/product-commands.server";
import { SELLERS_ONLY, type SellerProduct } from "~/modules/products/product-form.schema";
import type { Route } from "./+types/products";
import { cardImageUrl } from "~/modules/uploads/image-urls";
import { appContext } from "~/request-context.server";

export function meta() {
  return [{ title: "My Products | Setu" }, { name: "description", content: "Manage your wholesale product listings." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await sellerAccess(request, context.get(appContext).runtime);
  if (access.state === "signed-out") return { state: "signed-out" as const };
  if (access.state === "not-seller") return { state: "not-seller" as const };
  const { user } = access;
  return { state: "seller" as const, companyName: user.profile.companyName, products: await listSellerProducts(context.get(appContext).runtime.db, user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (!user?.profile) return data({ ok: false, message: "User not authenticated", fieldErrors: {} as Record<string, string> }, { status: 401 });
  const actor = { ...user, profile: user.profile };
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const db = context.get(appContext).runtime.db;
  if (intent === "create-dialog") {
    const result = await createProductFromDraft(db, actor, String(form.get("payload") ?? ""), { storeId: (form.get("storeId") as string) || null });
    return data(result.ok ? { ok: true, message: result.message, fieldErrors: {} } : result, { status: result.ok ? 200 : result.status });
  }
  const result =
    intent === "update"
      ? await updateProductFromForm(db, actor, String(form.get("productId") ?? ""), form)
      : intent === "status"
        ? await setProductStatus(db, actor, String(form.get("productId") ?? ""), String(form.get("status") ?? ""))
        : await createProductFromForm(db, actor, form);
  if (result.ok) return redirectWithFlash("/products", { type: "success", message: result.message });
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  return data({ ...result, intent, values }, { status: result.status });
}

type ActionData = { ok: boolean; message: string; fieldErrors: Record<string, string>; intent?: string; values?: Record<string, string> };

function ProductForm({ product, actionData, onCancelHref }: { product?: SellerProduct; actionData?: ActionData; onCancelHref?: string }) {
  const navigation = useNavigation();
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  const v = actionData?.values ?? {};
  const prefix = product ? `edit-${product.id.slice(0, 8)}` : "add";
  const dollars = (cents?: number) => (cents === undefined ? "" : (cents / 100).toFixed(2));
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value={product ? "update" : "create"} />
      {product ? <input type="hidden" name="productId" value={product.id} /> : null}
      <div className="sm:col-span-2">
        <Field id={`${prefix}-name`} label="Product Name" error={errors.name}>
          <Input id={`${prefix}-name`} name="name" required defaultValue={v.name ?? product?.name} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id={`${prefix}-description`} label="Description (optional)" error={errors.description}>
          <Textarea id={`${prefix}-description`} name="description" rows={3} defaultValue={v.description ?? product?.description} />
        </Field>
      </div>
      <Field id={`${prefix}-category`} label="Category" error={errors.category}>
        <Select id={`${prefix}-category`} name="category" required defaultValue={v.category ?? product?.category ?? ""}>
          <option value="" disabled>
            Select category
          </option>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${prefix}-subcategory`} label="Subcategory (optional)" error={errors.subcategory}>
        <Input id={`${prefix}-subcategory`} name="subcategory" defaultValue={v.subcategory ?? product?.subcategory ?? ""} />
      </Field>
      <Field id={`${prefix}-moq`} label="Minimum Order Quantity" error={errors.minimumOrderQuantity}>
        <Input id={`${prefix}-moq`} name="minimumOrderQuantity" type="number" min={1} step={1} required defaultValue={v.minimumOrderQuantity ?? product?.minimumOrderQuantity} />
      </Field>
      <Field id={`${prefix}-unit`} label="Unit" error={errors.unit}>
        <Select id={`${prefix}-unit`} name="unit" defaultValue={v.unit ?? product?.unit ?? "pieces"}>
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${prefix}-price-min`} label="Minimum Price (USD)" error={errors.priceMin}>
        <Input id={`${prefix}-price-min`} name="priceMin" type="number" min={0} step={0.01} required defaultValue={v.priceMin ?? dollars(product?.priceMinCents)} />
      </Field>
      <Field id={`${prefix}-price-max`} label="Maximum Price (USD)" error={errors.priceMax}>
        <Input id={`${prefix}-price-max`} name="priceMax" type="number" min={0} step={0.01} required defaultValue={v.priceMax ?? dollars(product?.priceMaxCents)} />
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {product ? "Save Changes" : "Add Product"}
        </Button>
        {onCancelHref ? (
          <ButtonLink to={onCancelHref} variant="outline">
            Cancel
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  );
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  if (loaderData.state === "signed-out") {
    return (
      <section className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Access Required</h1>
        <p className="mt-2 text-slate-600">Please sign in to manage your products.</p>
        <ButtonLink to="/auth?redirectTo=/products" className="mt-6">
          Sign In
        </ButtonLink>
      </section>
    );
  }
  if (loaderData.state === "not-seller") {
    return (
      <section className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Seller Account Required</h1>
        <p className="mt-2 text-slate-600">{SELLERS_ONLY}</p>
        <ButtonLink to="/dashboard" className="mt-6">
          Go to Dashboard
        </ButtonLink>
      </section>
    );
  }
  const { products, companyName } = loaderData;
  const editing = params.get("edit");
  const ad = actionData as ActionData | undefined;
  const addFailed = ad && !ad.ok && (ad.intent === "create" || ad.intent === "");
  const failedMessage = ad && !ad.ok && ad.intent !== "create-dialog" ? ad.message : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">My Products</h1>
          <p className="mt-1 text-slate-600">List wholesale products for US buyers.</p>
        </div>
        <CreateProductDialog action="/products" ownerName={companyName} />
      </header>
      {failedMessage ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failedMessage}
        </p>
      ) : null}

      <Card className="mt-6 p-6">
        <details open={Boolean(addFailed)}>
          <summary className="cursor-pointer text-lg font-semibold">Add Product</summary>
          <div className="mt-4">
            <ProductForm actionData={addFailed ? ad : undefined} />
          </div>
        </details>
      </Card>

      {products.length === 0 ? (
        <Card className="mt-6 p-12 text-center">
          <Package className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">No products yet</h2>
          <p className="mt-1 text-sm text-slate-600">Add your first product to start receiving inquiries from US buyers.</p>
        </Card>
      ) : (
        <ul className="mt-6 space-y-3">
          {products.map((product) => (
            <li key={product.id}>
              <Card className="p-4">
                {editing === product.id ? (
                  <ProductForm product={product} actionData={ad?.intent === "update" ? ad : undefined} onCancelHref="/products" />
                ) : (
                  <div className="flex flex-wrap items-center gap-4">
                    <div className="size-16 shrink-0 overflow-hidden rounded-md bg-slate-100">
                      {product.images[0] ? <img src={cardImageUrl(product.images[0])} alt="" className="h-full w-full object-cover" /> : <Package className="m-4 size-8 text-slate-300" aria-hidden />}
                    </div>
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h2 className="font-semibold">
                          <Link to={`/product/${product.id}`} className="hover:underline">
                            {product.name}
                          </Link>
                        </h2>
                        <Badge tone={statusTone(product.status)}>{product.status}</Badge>
                      </div>
                      <p className="text-sm text-slate-600">
                        {categoryLabel(product.category)} · {formatUsdRange(product.priceMinCents, product.priceMaxCents)} · MOQ: {product.minimumOrderQuantity} {product.unit}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <ButtonLink to={`/products?edit=${product.id}`} variant="outline" size="sm">
                        <Pencil className="size-3.5" aria-hidden /> Edit <span className="sr-only">{product.name}</span>
                      </ButtonLink>
                      <Form method="post">
                        <input type="hidden" name="intent" value="status" />
                        <input type="hidden" name="productId" value={product.id} />
                        <input type="hidden" name="status" value={product.status === "active" ? "inactive" : "active"} />
                        <Button type="submit" variant="outline" size="sm">
                          {product.status === "active" ? "Deactivate" : "Reactivate"} <span className="sr-only">{product.name}</span>
                        </Button>
                      </Form>
                    </div>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
