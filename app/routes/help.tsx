import { BookOpen, ChevronDown, LifeBuoy, Mail, ShoppingCart, Store } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";

export function meta() {
  return [
    { title: "Help Center | Setu" },
    {
      name: "description",
      content:
        "Answers for US buyers and Indian sellers on Setu: RFQs and sealed quotes, supplier verification, MOQ, shipping from India to the USA, payments, stores, QR codes and the store editor.",
    },
  ];
}

type Faq = { question: string; answer: React.ReactNode };

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600";

const BUYER_FAQS: Faq[] = [
  {
    question: "Do I need an account to browse suppliers and products?",
    answer: (
      <p>
        No. Anyone can browse the{" "}
        <Link to="/browse" className={linkClass}>
          marketplace
        </Link>
        , open supplier stores and read the{" "}
        <Link to="/rfqs" className={linkClass}>
          list of open RFQs
        </Link>
        . You need a free buyer account to post an RFQ, contact suppliers, send inquiries and place orders.
      </p>
    ),
  },
  {
    question: "What is an RFQ and how do I post one?",
    answer: (
      <>
        <p>
          A request for quote (RFQ) tells suppliers exactly what you want to buy so they can send you a price. Sign in
          as a buyer and open{" "}
          <Link to="/create-rfq" className={linkClass}>
            Create RFQ
          </Link>
          . The form has three sections:
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            <strong className="font-semibold text-slate-900">Basic Information</strong>: title, category, description
            and technical specifications.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Quantity &amp; Budget</strong>: how many units you need and
            an optional budget range in USD.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Delivery &amp; Timeline</strong>: where the goods should go
            and the last day suppliers can quote.
          </li>
        </ul>
        <p className="mt-2">
          Our guide{" "}
          <Link to="/blog/writing-an-rfq-that-gets-great-quotes" className={linkClass}>
            Writing an RFQ that gets great quotes
          </Link>{" "}
          has a checklist.
        </p>
      </>
    ),
  },
  {
    question: "What are sealed quotes?",
    answer: (
      <p>
        Quotes on your RFQ are sealed: each supplier sees only the quote they submitted, while you see every quote side
        by side with its price, quantity, delivery timeline and terms. Because suppliers cannot see each other's prices,
        they tend to send their best offer first. Once the deadline passes the RFQ is marked Expired and no new quotes
        can be submitted.
      </p>
    ),
  },
  {
    question: "How are suppliers verified?",
    answer: (
      <p>
        Before a supplier earns the green <strong className="font-semibold text-slate-900">Verified Seller</strong>{" "}
        badge, our team checks the documents they upload: company registration, GST registration (GSTIN, its check
        character verified) and Importer-Exporter Code (IEC). Every other supplier shows a grey{" "}
        <strong className="font-semibold text-slate-900">Unverified</strong> badge on its products, quotes and store,
        and a buyer can post an RFQ for verified suppliers only. Verification reduces risk but does not replace your own
        due diligence: always approve samples and consider a pre-shipment inspection.
      </p>
    ),
  },
  {
    question: "What does MOQ mean, and can I order less?",
    answer: (
      <p>
        MOQ is the minimum order quantity, the smallest order a supplier accepts for a product. It is shown on every
        product card, for example “MOQ: 500 pieces”. Many suppliers will consider a smaller trial order at a higher unit
        price: say so in your RFQ or inquiry and they will tell you what is possible.
      </p>
    ),
  },
  {
    question: "How does shipping from India to the USA work, and how long does it take?",
    answer: (
      <p>
        Each quote states a delivery timeline, and the Incoterm (such as FOB or DAP) decides who pays for each leg and
        who clears customs. As a rough guide, ocean freight takes about 4-7 weeks door to door and air freight about
        5-10 days, plus production time. Whoever is the importer of record handles US customs entry and duties. Read{" "}
        <Link to="/blog/shipping-wholesale-goods-from-india-to-the-usa" className={linkClass}>
          Shipping wholesale goods from India to the USA
        </Link>{" "}
        for the details.
      </p>
    ),
  },
  {
    question: "How do payments work?",
    answer: (
      <p>
        Payment terms (an advance, a letter of credit, net terms) are agreed per order in the supplier's quote, and you
        pay the supplier's business account directly: Setu does not hold payments yet (escrow is coming). Never pay a
        supplier's personal account, and confirm any change of bank details by phone.
      </p>
    ),
  },
  {
    question: "What if an order arrives damaged or not as described?",
    answer: (
      <p>
        Document the problem with photos and the packing list as soon as the goods arrive, and tell the supplier and our
        team through the{" "}
        <Link to="/contact" className={linkClass}>
          contact page
        </Link>
        . Keep the conversation on Setu's messages, so that both sides and our team can see what was agreed while we
        help you reach a solution.
      </p>
    ),
  },
];

const SELLER_FAQS: Faq[] = [
  {
    question: "Who can sell on Setu, and what does it cost to start?",
    answer: (
      <p>
        Any registered Indian manufacturer, exporter or trading company can sell on Setu. Creating a seller account, a
        store and product listings is free. See{" "}
        <Link to="/services-for-sellers" className={linkClass}>
          Services for Indian Sellers
        </Link>{" "}
        for everything we offer, or{" "}
        <Link to="/contact?topic=sales" className={linkClass}>
          talk to our sales team
        </Link>
        .
      </p>
    ),
  },
  {
    question: "How do I get the Verified Seller badge?",
    answer: (
      <p>
        On your profile, enter your business details and upload your company registration, GST registration (GSTIN) and
        Importer-Exporter Code (IEC), then submit them for verification. Our team reviews them; if something is missing
        you read the reason on your profile and can resubmit. Until then your store shows “Unverified Seller”; once
        approved it shows “Verified Seller”, which is the strongest trust signal for US buyers.
      </p>
    ),
  },
  {
    question: "How do I create a store and get its QR code?",
    answer: (
      <p>
        Go to{" "}
        <Link to="/stores" className={linkClass}>
          My Stores
        </Link>{" "}
        and choose Create Store. Add your store name, description, contact details, address, categories and business
        hours. Each store card has a button to generate a QR code and, once generated, to download it. Print it on
        catalogues, trade-show stands and business cards so buyers can open your store straight from their phone.
      </p>
    ),
  },
  {
    question: "How do I design my store page with the visual store editor?",
    answer: (
      <>
        <p>
          Open your store's Manage page and the{" "}
          <strong className="font-semibold text-slate-900">Store Appearance</strong> tab, then choose Edit Store. Click
          the hero banner, logo, store name, tagline or brand colour to change them. You can add banner sections and
          product sections, and drag banners to move them or drag their corners to resize them.
        </p>
        <p className="mt-2">Use Preview to see the page as buyers will, then Save Store to publish your changes.</p>
      </>
    ),
  },
  {
    question: "How do I add products and show them in my store?",
    answer: (
      <p>
        Create products with their name, description, category, price range in USD, minimum order quantity, unit, images
        and specifications. Then, on your store's Manage page, use Add Existing Products to place them in the store,
        mark your best sellers as featured and assign each product to a category tab.
      </p>
    ),
  },
  {
    question: "How do I respond to an RFQ?",
    answer: (
      <p>
        Browse{" "}
        <Link to="/rfqs" className={linkClass}>
          open RFQs
        </Link>{" "}
        by category, open one that fits your products and use{" "}
        <strong className="font-semibold text-slate-900">Submit Your Quote</strong>. Enter your price in USD, the
        quantity, a delivery timeline and optional terms such as payment structure, sample policy and Incoterm. You
        cannot quote on your own RFQ or on one whose deadline has passed.
      </p>
    ),
  },
  {
    question: "Can other suppliers see my quote?",
    answer: (
      <p>
        No. Quotes are sealed: only the buyer who posted the RFQ sees every quote. You can see your own quote and its
        status. Read{" "}
        <Link to="/blog/quoting-rfqs-us-buyers-accept" className={linkClass}>
          how to write quotes US buyers accept
        </Link>{" "}
        for tips.
      </p>
    ),
  },
  {
    question: "How and when do I get paid?",
    answer: (
      <p>
        The buyer pays your business bank account on the payment terms of your quote (for example 30 % advance and 70 %
        against the bill of lading, or a letter of credit). Setu does not hold payments yet: escrow with milestone
        payouts is coming.
      </p>
    ),
  },
];

function FaqList({ faqs, idPrefix }: { faqs: Faq[]; idPrefix: string }) {
  return (
    <div className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {faqs.map((faq, index) => (
        <details key={faq.question} id={`${idPrefix}-${index + 1}`} className="group">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 font-medium text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            <span>{faq.question}</span>
            <ChevronDown
              className="mt-0.5 size-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <div className="px-5 pb-5 text-sm leading-6 text-slate-600">{faq.answer}</div>
        </details>
      ))}
    </div>
  );
}

export default function Help() {
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:py-20">
          <LifeBuoy className="mx-auto size-10 text-brand-600" aria-hidden />
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Help Center</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            Answers to common questions about buying and selling on Setu.
          </p>
          <nav
            aria-label="Help topics"
            className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:flex-row sm:justify-center"
          >
            <a
              href="#buyers"
              className="inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-900 hover:bg-slate-50"
            >
              <ShoppingCart className="size-4 text-brand-600" aria-hidden />
              Questions from buyers
            </a>
            <a
              href="#sellers"
              className="inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-900 hover:bg-slate-50"
            >
              <Store className="size-4 text-brand-600" aria-hidden />
              Questions from sellers
            </a>
          </nav>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:py-16 lg:grid-cols-2">
        <section id="buyers" aria-labelledby="buyers-heading" className="scroll-mt-24">
          <h2 id="buyers-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <ShoppingCart className="size-6 text-brand-600" aria-hidden />
            For buyers
          </h2>
          <p className="mt-2 text-sm text-slate-600">Sourcing from Indian suppliers for your US business.</p>
          <FaqList faqs={BUYER_FAQS} idPrefix="buyer-faq" />
        </section>

        <section id="sellers" aria-labelledby="sellers-heading" className="scroll-mt-24">
          <h2 id="sellers-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <Store className="size-6 text-brand-600" aria-hidden />
            For sellers
          </h2>
          <p className="mt-2 text-sm text-slate-600">Selling wholesale from India to US business buyers.</p>
          <FaqList faqs={SELLER_FAQS} idPrefix="seller-faq" />
        </section>
      </div>

      <section className="mx-auto max-w-7xl px-4 pb-16" aria-labelledby="more-help-heading">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-6">
            <Mail className="size-7 text-brand-600" aria-hidden />
            <h2 id="more-help-heading" className="mt-3 text-lg font-semibold text-slate-900">
              Still need help?
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              Our support team answers buyer and seller questions around the clock. Tell us what you need and we will
              get back to you.
            </p>
            <ButtonLink to="/contact" className="mt-4">
              Contact support
            </ButtonLink>
          </div>
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-6">
            <BookOpen className="size-7 text-brand-600" aria-hidden />
            <h2 className="mt-3 text-lg font-semibold text-slate-900">Guides and articles</h2>
            <p className="mt-2 text-sm text-slate-600">
              In-depth guides on sourcing safely, writing RFQs, quoting and shipping from India to the USA.
            </p>
            <ButtonLink to="/blog" variant="outline" className="mt-4">
              Read the blog
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
