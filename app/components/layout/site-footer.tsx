import { Link } from "react-router";

const COLUMNS: { title: string; links: { to: `/${string}`; label: string }[] }[] = [
  {
    title: "For Sellers",
    links: [
      { to: "/services-for-sellers", label: "Services for Indian Sellers" },
      { to: "/auth?tab=signup&role=seller", label: "Start Selling" },
      { to: "/stores", label: "My Stores" },
      { to: "/rfqs", label: "Browse RFQs" },
    ],
  },
  {
    title: "For Buyers",
    links: [
      { to: "/browse", label: "Browse Marketplace" },
      { to: "/categories", label: "Categories" },
      { to: "/create-rfq", label: "Post an RFQ" },
      { to: "/orders", label: "Orders" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "/help", label: "Help Center" },
      { to: "/contact", label: "Contact Us" },
      { to: "/blog", label: "Blog" },
      { to: "/terms", label: "Terms of Service" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">Setu</p>
          <p className="mt-2 max-w-xs text-sm text-slate-600">
            The bridge between verified Indian suppliers and US business buyers. Wholesale sourcing, quotes and orders
            in one place.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-slate-600 hover:text-slate-900 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-500">
          © {new Date().getFullYear()} Setu. India-to-USA wholesale trade.
        </p>
      </div>
    </footer>
  );
}
