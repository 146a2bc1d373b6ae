import { Link } from "react-router";

export function meta() {
  return [
    { title: "Terms of Service | Setu" },
    {
      name: "description",
      content:
        "The terms that govern using Setu, the B2B wholesale marketplace for US business buyers and Indian suppliers: accounts, verification, listings, RFQs, orders and liability.",
    },
  ];
}

const LAST_UPDATED = { iso: "2026-11-01", label: "November 1, 2026" };

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600";

type Section = { id: string; title: string; body: React.ReactNode };

const SECTIONS: Section[] = [
  {
    id: "about",
    title: "About these terms",
    body: (
      <>
        <p>
          These Terms of Service (“Terms”) govern your access to and use of Setu (“Setu”, “we”, “us”), an online
          business-to-business marketplace that connects suppliers based in India (“Sellers”) with business buyers in
          the United States (“Buyers”). By creating an account or using the marketplace you agree to these Terms. If you
          use Setu on behalf of a company, you confirm that you are authorised to bind that company, and “you” refers to
          it.
        </p>
        <p>
          Setu is a marketplace. Unless we say otherwise in writing, contracts for the sale of goods are made directly
          between Buyer and Seller, and Setu is not a party to them.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Accounts",
    body: (
      <>
        <p>Setu is for business use only. To open an account you must:</p>
        <ul>
          <li>be at least 18 years old and acting for a business, not as a consumer;</li>
          <li>give accurate, current and complete information, and keep it up to date;</li>
          <li>choose the correct account type (buyer or seller) for how you will use Setu;</li>
          <li>keep your password confidential and tell us promptly of any unauthorised use.</li>
        </ul>
        <p>
          You are responsible for all activity under your account. We may suspend or close accounts that break these
          Terms, put other users at risk, or stay inactive for a long period.
        </p>
      </>
    ),
  },
  {
    id: "verification",
    title: "Verification",
    body: (
      <>
        <p>
          Sellers may apply for verification by providing business documents such as company registration, GST
          registration and an Importer-Exporter Code. A “Verified Seller” badge means that those documents were checked
          at the time of review. It is not a guarantee of product quality, performance, or the outcome of any
          transaction.
        </p>
        <p>
          You must not misrepresent your identity, verification status or credentials. We may request further
          information at any time and may withdraw a badge if information proves inaccurate or out of date.
        </p>
      </>
    ),
  },
  {
    id: "listings",
    title: "Stores and listings",
    body: (
      <>
        <p>Sellers are responsible for their stores, product listings, images and descriptions. Listings must:</p>
        <ul>
          <li>describe goods accurately, including materials, specifications, origin and minimum order quantity;</li>
          <li>show prices in good faith and in the currency indicated;</li>
          <li>use only content the Seller owns or is licensed to use;</li>
          <li>comply with the laws of India and the United States that apply to the goods.</li>
        </ul>
        <p>
          You grant Setu a non-exclusive, worldwide, royalty-free licence to host, display, reformat and promote the
          content you upload, for the purpose of operating and marketing the marketplace. We may remove listings that
          breach these Terms.
        </p>
      </>
    ),
  },
  {
    id: "rfqs-quotes",
    title: "RFQs and quotes",
    body: (
      <>
        <p>
          Buyers may post requests for quote (“RFQs”) describing goods they intend to buy. An RFQ is an invitation to
          quote, not a binding order. Buyers must post genuine requirements only.
        </p>
        <p>
          Quotes submitted by Sellers are sealed: they are visible to the Buyer who posted the RFQ and to the Seller who
          submitted them. A quote is an offer on the terms it states, including price, quantity, delivery timeline and
          any other terms, and remains open for any validity period stated in it. Sellers may not quote after an RFQ's
          deadline or on their own RFQs.
        </p>
      </>
    ),
  },
  {
    id: "orders",
    title: "Orders and payments",
    body: (
      <>
        <p>
          An order is formed when the Buyer accepts a Seller's quote or listing and both parties agree the final terms.
          Buyer and Seller are each responsible for performing the contract they make, including product quality,
          packaging, delivery, Incoterms, insurance, customs clearance, duties and taxes.
        </p>
        <p>
          Where payment is made through Setu's escrow service, the Buyer's funds are held and released to the Seller
          when the Buyer confirms delivery or as otherwise agreed in the order. If a dispute is raised before release,
          we may hold the funds while both parties work towards a resolution and may ask for evidence from each side.
          Fees for optional paid services are shown before you agree to them.
        </p>
        <p>
          You must not arrange to take payment or complete a transaction outside Setu in order to avoid fees or
          protections that apply to a transaction started on Setu.
        </p>
      </>
    ),
  },
  {
    id: "prohibited",
    title: "Prohibited items and conduct",
    body: (
      <>
        <p>You may not list, quote for, buy or sell:</p>
        <ul>
          <li>goods that are illegal to export from India or import into the United States;</li>
          <li>weapons, ammunition, explosives, narcotics, controlled substances and drug paraphernalia;</li>
          <li>counterfeit goods or goods that infringe trademarks, copyrights, patents or designs;</li>
          <li>products made with forced, prison or child labour;</li>
          <li>endangered species, ivory and other wildlife products restricted under CITES;</li>
          <li>hazardous materials, unless correctly classified, packaged and documented for transport;</li>
          <li>goods subject to sanctions, or trade with sanctioned persons or destinations.</li>
        </ul>
        <p>
          You also may not post false or misleading information, harass other users, send spam, scrape the site, try to
          gain unauthorised access, or interfere with the marketplace's operation.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Disclaimers and limitation of liability",
    body: (
      <>
        <p>
          Setu is provided “as is” and “as available”. We do not guarantee the quality, safety, legality or delivery of
          goods, the accuracy of listings, or that any user will complete a transaction. Statistics and estimates shown
          on the site are for general information.
        </p>
        <p>
          To the fullest extent permitted by law, Setu is not liable for indirect, incidental, special, consequential or
          punitive damages, or for lost profits, revenue or data. Our total liability for any claim relating to Setu is
          limited to the greater of the fees you paid us in the twelve months before the claim and US $100.
        </p>
        <p>
          You agree to indemnify Setu against claims arising from your listings, your transactions with other users, or
          your breach of these Terms or of applicable law.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Suspension and termination",
    body: (
      <p>
        You may close your account at any time. We may suspend or terminate access if you breach these Terms, if
        required by law, or to protect users. Obligations for orders already made, payments owed and sections that by
        their nature should survive (including liability and governing law) continue after termination.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these Terms from time to time. We will post the new version on this page with a new “last updated”
        date and, for material changes, notify you by e-mail or in the product. Continuing to use Setu after a change
        takes effect means you accept the updated Terms.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law and disputes",
    body: (
      <p>
        These Terms are governed by the laws of the State of Delaware, United States, without regard to its
        conflict-of-laws rules. Before starting formal proceedings, you agree to contact us and try in good faith to
        resolve the dispute informally for at least 30 days. Disputes between Buyers and Sellers about a transaction are
        governed by the contract between them.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these Terms?{" "}
        <Link to="/contact?topic=legal" className={linkClass}>
          Contact our team
        </Link>
        , or visit the{" "}
        <Link to="/help" className={linkClass}>
          Help Center
        </Link>{" "}
        for answers to common questions.
      </p>
    ),
  },
];

export default function Terms() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">Terms of Service</h1>
        <p className="mt-3 text-sm text-slate-500">
          Last updated: <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
        </p>
        <p className="mt-4 text-lg text-slate-600">
          These terms explain the rules for buying and selling on Setu. Please read them carefully before using the
          marketplace.
        </p>
      </header>

      <div className="mt-10 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <nav aria-labelledby="terms-contents-heading" className="mb-10 lg:mb-0">
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24">
            <h2 id="terms-contents-heading" className="text-sm font-semibold text-slate-900">
              Contents
            </h2>
            <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-600 marker:text-slate-400">
              {SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="hover:text-brand-700 hover:underline">
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="max-w-3xl space-y-10">
          {SECTIONS.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-7 text-slate-700 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ul]:marker:text-slate-400">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
