import {
  BadgeCheck,
  ChartColumn,
  Check,
  FileText,
  Globe,
  Headset,
  type LucideIcon,
  ShieldCheck,
  Sparkles,
  Store,
  Truck,
} from "lucide-react";
import { ButtonLink } from "~/components/ui/button";

export function meta() {
  return [
    { title: "Services for Indian Sellers | Setu" },
    {
      name: "description",
      content:
        "Sell wholesale to verified US business buyers. Setu gives Indian suppliers a branded store, marketplace access, RFQs with sealed quotes, messaging and verification; matching, escrow, logistics and analytics are coming.",
    },
  ];
}

/** `soon`: a service Setu does not run yet, shown as "Coming soon" so that no card claims what is not so (issue #26). */
type Service = {
  icon: LucideIcon;
  title: string;
  description: string;
  features: [string, string, string, string];
  soon?: boolean;
};

const SERVICES: Service[] = [
  {
    icon: Store,
    title: "B2B Marketplace Access",
    description: "Put your catalogue in front of US retailers, distributors and brands actively sourcing from India.",
    features: [
      "Branded store page with your own QR code",
      "Unlimited product listings with MOQ and price ranges",
      "Visibility in marketplace search and categories",
      "Visual store editor, no design skills needed",
    ],
  },
  {
    icon: Sparkles,
    title: "AI-Powered Buyer Matching",
    soon: true,
    description: "We surface your products to the buyers most likely to order them, and their requests to you.",
    features: [
      "Matching on category, MOQ and price range",
      "Alerts for new RFQs that fit your catalogue",
      "Buyer intent signals from search and inquiries",
      "Suggestions to improve listing relevance",
    ],
  },
  {
    icon: FileText,
    title: "RFQ Response System",
    description: "Answer requests for quote from US buyers in minutes, with everything they need to compare.",
    features: [
      "Browse open RFQs by category and deadline",
      "Structured quotes: USD price, quantity, timeline, terms",
      "Sealed quotes: competitors never see your price",
      "Track the status of every quote you submit",
    ],
  },
  {
    icon: ShieldCheck,
    title: "Secure Escrow Payments",
    soon: true,
    description: "Ship with confidence: the buyer's payment is secured before production starts.",
    features: [
      "Buyer funds held in escrow until delivery is confirmed",
      "Milestone payments for deposits and balances",
      "Payouts to your Indian business bank account",
      "Clear dispute resolution process",
    ],
  },
  {
    icon: Truck,
    title: "International Logistics",
    soon: true,
    description: "Door-to-door shipping from India to the USA through our vetted freight partners.",
    features: [
      "Sea and air freight quotes from Indian ports",
      "Export and US import documentation support",
      "Container consolidation for smaller orders",
      "Shipment tracking shared with your buyer",
    ],
  },
  {
    icon: ChartColumn,
    title: "Sales CRM & Analytics",
    soon: true,
    description: "Understand which products, buyers and quotes drive your export revenue.",
    features: [
      "Pipeline of inquiries, quotes and orders",
      "Store and product view analytics",
      "Quote win-rate and response-time reports",
      "Buyer contact history in one place",
    ],
  },
  {
    icon: BadgeCheck,
    title: "Verification & Trust Building",
    description: "Earn the Verified Seller badge that US buyers look for before they place an order.",
    features: [
      "Business registration, GST and IEC checks",
      "Verified Seller badge on your store and listings",
      "Guidance on US compliance and certifications",
      "Buyer reviews and references on your profile",
    ],
  },
  {
    icon: Headset,
    title: "24/7 Dedicated Support",
    soon: true,
    description: "A seller success team that knows export trade, available whenever your buyers are.",
    features: [
      "Dedicated account manager",
      "Support by phone, e-mail and chat around the clock",
      "Onboarding help with your store and catalogue",
      "Quarterly reviews to grow your US sales",
    ],
  },
];

const STATS = [
  { value: "95%", label: "of active sellers win their first US order within 3 months" },
  { value: "45%", label: "lower customer acquisition cost than trade shows and cold outreach" },
  { value: "1 day", label: "to answer every seller's question, by e-mail or the contact page" },
];

const STEPS = [
  { title: "Create your free account", text: "Sign up as a seller and tell us about your business." },
  { title: "Get verified", text: "Share your registration documents to earn the Verified Seller badge." },
  { title: "Build your store", text: "Add products, design your store page and print your QR code." },
  { title: "Win US buyers", text: "Respond to RFQs, agree terms with the buyer on Setu and ship." },
];

export default function ServicesForSellers() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:py-24">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700">
            <Globe className="size-4" aria-hidden />
            For manufacturers and exporters across India
          </p>
          <h1 className="mx-auto mt-5 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Services for Indian Sellers
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            Sell wholesale to verified US business buyers: a branded store, US buyers' requests for quote, sealed quotes
            and a direct line to every buyer. Payments, logistics and analytics are on their way.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/auth?tab=signup&role=seller" size="lg">
              Start Selling Today
            </ButtonLink>
            <ButtonLink to="/contact?topic=demo" size="lg" variant="outline">
              Schedule Demo
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="services-heading">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="services-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            One platform for your whole export business
          </h2>
          <p className="mt-3 text-slate-600">
            From your first listing to repeat orders, each service is built for Indian suppliers selling to the USA.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map((service) => (
            <li key={service.title} className="flex flex-col rounded-lg border border-slate-200 bg-white p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-md bg-brand-50">
                <service.icon className="size-6 text-brand-600" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h3>
              {service.soon ? (
                <p className="mt-1 w-fit rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  Coming soon
                </p>
              ) : null}
              <p className="mt-2 text-sm text-slate-600">{service.description}</p>
              <ul className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
                {service.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section className="border-y border-slate-200 bg-slate-50" aria-labelledby="results-heading">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="results-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Our goals for Setu sellers
          </h2>
          <dl className="mx-auto mt-10 grid max-w-5xl gap-6 sm:grid-cols-3">
            {STATS.map((stat) => (
              <div
                key={stat.value}
                className="flex flex-col-reverse rounded-lg border border-slate-200 bg-white p-6 text-center"
              >
                <dt className="mt-2 text-sm text-slate-600">{stat.label}</dt>
                <dd className="text-4xl font-bold tracking-tight text-brand-600">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          How it works
        </h2>
        <ol className="mx-auto mt-10 grid max-w-5xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-lg border border-slate-200 p-6">
              <span
                className="inline-flex size-8 items-center justify-center rounded-full bg-slate-900 text-sm font-semibold text-white"
                aria-hidden
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-slate-900 text-white" aria-labelledby="cta-heading">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
            Ready to reach US business buyers?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-300">
            Create your seller account in minutes. Our team will help you set up your store and respond to your first
            RFQs.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/auth?tab=signup&role=seller" size="lg">
              Get Started Free
            </ButtonLink>
            <ButtonLink to="/contact?topic=sales" size="lg" variant="outline">
              Contact Sales Team
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
