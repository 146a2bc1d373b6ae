import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The URLs of the spec (§2), and the pages its links lead to.

export default [
  index("routes/home.tsx"),
  route("services-for-sellers", "routes/services-for-sellers.tsx"),
  route("services", "routes/services.tsx"),
  route("contact", "routes/contact.tsx"),
  route("help", "routes/help.tsx"),
  route("terms", "routes/terms.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("api/search-suggestions", "routes/api.search-suggestions.ts"),

  route("auth", "routes/auth.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.ts"),
  route("auth/google", "routes/auth.google.ts"),
  route("auth/complete-profile", "routes/auth.complete-profile.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  route("profile", "routes/profile.tsx"),
  route("admin/verifications", "routes/admin.verifications.tsx"),
  route("products", "routes/products.tsx"),
  route("browse", "routes/browse.tsx"),
  route("categories", "routes/categories.tsx"),
  route("category/:slug", "routes/category.tsx"),
  route("product/:id", "routes/product-detail.tsx"),
  route("rfqs", "routes/rfqs.tsx"),
  route("rfqs/:id", "routes/rfq-detail.tsx"),
  route("create-rfq", "routes/create-rfq.tsx"),
  route("stores", "routes/stores.tsx"),
  route("stores/:id", "routes/store-public.tsx"),
  route("stores/:id/manage", "routes/store-manage.tsx"),
  route("stores/:id/qr.png", "routes/store-qr.ts"),
  route("orders", "routes/orders.tsx"),
  route("notifications", "routes/notifications.tsx"),
  route("messages", "routes/messages.tsx"),
  route("messages/:id", "routes/message-thread.tsx"),
  route("messages/:id/attachments/:attachmentId", "routes/message-attachment.ts"),
  route("admin/reports", "routes/admin.reports.tsx"),
  route("admin/rates", "routes/admin.rates.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),

  route("api/uploads", "routes/api.uploads.ts"),
  route("uploads/*", "routes/uploads.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
