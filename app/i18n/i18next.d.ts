import "i18next";
import type common from "~/locales/en/common.json";
import type auth from "~/locales/en/auth.json";
import type dashboard from "~/locales/en/dashboard.json";
import type profile from "~/locales/en/profile.json";
import type rfqs from "~/locales/en/rfqs.json";
import type quotes from "~/locales/en/quotes.json";
import type products from "~/locales/en/products.json";
import type orders from "~/locales/en/orders.json";
import type messages from "~/locales/en/messages.json";
import type notifications from "~/locales/en/notifications.json";
import type stores from "~/locales/en/stores.json";
import type analytics from "~/locales/en/analytics.json";
import type verification from "~/locales/en/verification.json";
import type importNs from "~/locales/en/import.json";
import type emails from "~/locales/en/emails.json";
import type reviews from "~/locales/en/reviews.json";
import type feedback from "~/locales/en/feedback.json";
import type categories from "~/locales/en/categories.json";
import type uploads from "~/locales/en/uploads.json";

// English is the source: `t` accepts only keys that exist in it (Hindi is checked against it by the key-coverage test)
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      common: typeof common;
      auth: typeof auth;
      dashboard: typeof dashboard;
      profile: typeof profile;
      rfqs: typeof rfqs;
      quotes: typeof quotes;
      products: typeof products;
      orders: typeof orders;
      messages: typeof messages;
      notifications: typeof notifications;
      stores: typeof stores;
      analytics: typeof analytics;
      verification: typeof verification;
      import: typeof importNs;
      emails: typeof emails;
      reviews: typeof reviews;
      feedback: typeof feedback;
      categories: typeof categories;
      uploads: typeof uploads;
    };
  }
}
