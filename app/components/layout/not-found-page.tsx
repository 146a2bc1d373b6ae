import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <title>Page not found | Setu</title>
      <p className="text-6xl font-bold text-slate-300">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="mt-6 inline-block font-medium text-brand-600 hover:underline">
        Return to Home
      </Link>
    </section>
  );
}
