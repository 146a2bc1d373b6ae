import { Construction } from "lucide-react";
import { Link, useMatches } from "react-router";
import type { Route } from "./+types/placeholder";

// Pages owned by later work show a clear placeholder until then.
const PAGES: Record<string, { title: string; text: string }> = {
  auth: { title: "Sign In", text: "Accounts are being set up. Sign-in and sign-up open here soon." },
  dashboard: { title: "Dashboard", text: "Your dashboard will show your stores, RFQs, quotes and orders." },
  profile: { title: "Profile", text: "Your profile and account settings will be managed here." },
  products: { title: "My Products", text: "Sellers will manage their product listings here." },
  browse: { title: "Browse Marketplace", text: "Discover quality products and stores from verified Indian suppliers." },
  categories: { title: "Categories", text: "Browse every product category with live counts." },
  category: { title: "Category", text: "Products in this category will be listed here." },
  product: { title: "Product", text: "Product details will be shown here." },
  rfqs: { title: "Requests for Quote", text: "Open RFQs from US buyers will be listed here." },
  rfq: { title: "Request for Quote", text: "RFQ details and quotes will be shown here." },
  "create-rfq": { title: "Create RFQ", text: "Post a request for quote to verified Indian suppliers." },
  stores: { title: "My Stores", text: "Sellers will manage their stores and QR codes here." },
  store: { title: "Store", text: "Supplier store pages will be shown here." },
  "store-manage": { title: "Store Management", text: "Store management and the visual store editor open here." },
  orders: { title: "Orders", text: "Your orders as buyer and seller will be listed here." },
};

export function meta({ matches }: Route.MetaArgs) {
  const id = matches[matches.length - 1]?.id ?? "";
  const page = PAGES[id];
  return [{ title: `${page?.title ?? "Coming soon"} | Setu` }, { name: "description", content: page?.text ?? "" }];
}

export default function Placeholder() {
  const matches = useMatches();
  const id = matches[matches.length - 1]?.id ?? "";
  const page = PAGES[id] ?? { title: "Coming soon", text: "This page is being built." };
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <Construction className="mx-auto size-10 text-amber-500" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">{page.title}</h1>
      <p className="mt-3 text-slate-600">{page.text}</p>
      <p className="mt-2 text-sm text-slate-500">This part of Setu is coming soon.</p>
      <Link to="/" className="mt-6 inline-block font-medium text-brand-600 hover:underline">
        Return to Home
      </Link>
    </section>
  );
}
