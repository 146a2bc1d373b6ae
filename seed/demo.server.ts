import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, sellerBusinessDetails } from "~/db/schema/profiles";
import type { StoreAddress } from "~/db/schema/stores";
import { splitCategory, type CategorySlug, type ProductCategory } from "~/lib/categories";
import type { Unit } from "~/lib/units";
import { createProducts, type ProductOverrides } from "./factories/products";
import { rfqMatches } from "~/db/schema/matching";
import { seedDemoOrders } from "./demo-orders.server";
import { generateOrderDocuments } from "~/modules/order-documents/order-documents.server";
import { rankSuppliersForRfq } from "~/modules/matching/matching.server";
import { createQuotes, createRfqs, dateFromToday, type QuoteOverrides } from "./factories/rfqs";
import { addProductsToStore, createStore } from "./factories/stores";
import { createConversation, type HistoryMessage } from "./factories/message-history";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { user as userTable } from "~/db/schema/auth";
import { fxRates } from "~/db/schema/trade";
import { addPasswordLogin, createBuyer, createSeller } from "./factories/users";
import type { BlobStorage } from "~/modules/uploads/storage.server";
import { productPriceTiers } from "~/db/schema/products";
import { minorFromDecimalNumber } from "~/lib/money-minor";
import {
  motifFor,
  renderDemoPictures,
  renderStoreArtwork,
  storeDemoPictures,
  storeStoreArtwork,
} from "./demo-images.server";

type DemoProduct = {
  name: string;
  /** where the product is filed: a subcategory of the tree, or a top category alone */
  category: CategorySlug;
  /** what its demo picture draws (demo-images.server.ts) */
  picture: string;
  description: string;
  /** USD per unit, [min, max] */
  price: [number, number];
  moq: number;
  unit: Unit;
  tags: string[];
  specs: Record<string, string>;
  /**
   * HTSUS number, digits only: 10 digits of the hts_codes table (migration 0042); a few keep the 6-digit HS code
   * products had before 10 digits were required (record 0053). And the Indian port it ships from (a ports.code).
   */
  hsCode?: string;
  /** what customs reads as its material or composition (else specs.material), and its maker when not the supplier */
  material?: string;
  manufacturer?: string;
  originPort?: string;
  /** price breaks for the whole product: [from quantity, USD per unit]; the last is the product's lowest price */
  tiers?: [number, number][];
};

type DemoSupplier = {
  key: string;
  email: string;
  fullName: string;
  companyName: string;
  phone: string;
  brand: string;
  category: ProductCategory;
  store: {
    name: string;
    tagline: string;
    description: string;
    phone: string;
    email: string;
    website: string;
    address: StoreAddress;
    categories: string[];
    primaryColor: string;
    /** the About page's facts */
    yearFounded: number;
    certifications: string[];
    productionCapacity: string;
  };
  products: DemoProduct[];
};

type DemoBuyer = {
  key: string;
  /** where the buyer works: its RFQs close at the end of the deadline day there */
  timeZone: string;
  email: string;
  fullName: string;
  companyName: string;
  phone: string;
  verificationStatus: "verified" | "pending";
};

type DemoRfq = {
  buyer: string;
  title: string;
  description: string;
  category: ProductCategory;
  quantity: number;
  unit: Unit;
  /** USD, whole order */
  budget: [number, number];
  deadlineInDays: number;
  postedDaysAgo: number;
  deliveryLocation: string;
  details: string | null;
  quotes: {
    supplier: string;
    price: number;
    quantity?: number;
    deliveryTimeline: string;
    terms: string | null;
    daysAfterPosting: number;
  }[];
};

const SUPPLIERS: DemoSupplier[] = [
  {
    key: "shakti",
    email: "rajesh@shakti-textiles.example",
    fullName: "Rajesh Kumar",
    companyName: "Shakti Textiles Pvt. Ltd.",
    phone: "+91 98430 21456",
    brand: "Shakti",
    category: "apparel-and-textiles",
    store: {
      name: "Shakti Textiles",
      tagline: "Knitwear and home textiles from Tiruppur since 1998",
      description:
        "Vertically integrated knitting, dyeing and garmenting unit in Tiruppur. GOTS and OEKO-TEX certified, exporting private-label apparel and home textiles to retailers in the US and Europe.",
      phone: "+91 421 224 5678",
      email: "sales@shakti-textiles.example",
      website: "https://shakti-textiles.example",
      address: {
        street: "SF No. 214, Avinashi Road, Kumar Nagar",
        city: "Tiruppur",
        state: "Tamil Nadu",
        zipCode: "641603",
        country: "India",
      },
      categories: ["apparel-and-textiles", "home-textiles"],
      primaryColor: "#0f766e",
      yearFounded: 1998,
      certifications: ["GOTS", "OEKO-TEX Standard 100", "SA8000", "ISO 9001:2015"],
      productionCapacity: "1.2 million garments and 300 tonnes of knitted fabric",
    },
    products: [
      {
        name: "Combed Cotton Crew-Neck T-Shirts, 180 GSM",
        category: "apparel-and-textiles",
        picture: "Apparel",
        description:
          "Ring-spun combed cotton blanks with taped shoulder seams. Ready for screen printing or private labelling.",
        price: [2.4, 3.6],
        moq: 500,
        unit: "pieces",
        tags: ["t-shirts", "cotton", "blanks", "private label"],
        specs: { material: "100% combed cotton", gsm: "180", sizes: "S-3XL" },
      },
      {
        name: "Organic Cotton Bath Towels, 600 GSM",
        category: "bath-linen",
        picture: "Home Textiles",
        description:
          "Plush zero-twist terry towels woven from GOTS-certified organic cotton. Available in 12 standard colours or dyed to your Pantone.",
        price: [4.2, 6.8],
        moq: 300,
        unit: "pieces",
        tags: ["towels", "organic", "bath", "gots"],
        specs: { material: "100% organic cotton", gsm: "600", size: "70 x 140 cm", certification: "GOTS" },
        material: "100% GOTS-certified organic cotton terry, zero-twist, 600 gsm",
        manufacturer: "Sri Murugan Terry Weavers, 12 Mill Street, Karur 639002, Tamil Nadu, India",
        hsCode: "6302600020",
        originPort: "INTUT",
        tiers: [
          [1000, 5.6],
          [3000, 4.9],
          [10000, 4.2],
        ],
      },
      {
        name: "Cotton Terry Hand Towels",
        category: "bath-linen",
        picture: "Home Textiles",
        description: "Absorbent hand towels with a dobby border, suited to hotels and home-goods retail.",
        price: [1.1, 1.75],
        moq: 1000,
        unit: "pieces",
        tags: ["towels", "hospitality", "terry"],
        specs: { material: "100% cotton", gsm: "450", size: "40 x 70 cm" },
        material: "100% cotton terry, 450 gsm, dobby border",
        hsCode: "6302600020",
        originPort: "INTUT",
        tiers: [
          [5000, 1.4],
          [20000, 1.1],
        ],
      },
      {
        name: "Kids' Organic Cotton Rompers",
        category: "kids-wear",
        picture: "Apparel",
        description: "Soft interlock rompers with nickel-free snaps, tested to CPSIA requirements. Sizes 0-24 months.",
        price: [3.1, 4.5],
        moq: 300,
        unit: "pieces",
        tags: ["babywear", "organic", "kids"],
        specs: { material: "100% organic cotton interlock", sizes: "0-24 months", compliance: "CPSIA" },
      },
      {
        name: "Cotton Single Jersey Knitted Fabric",
        category: "fabrics-and-yarn",
        picture: "Fabrics",
        description: "Compacted single jersey in 30s and 40s counts, supplied in greige or reactive-dyed rolls.",
        price: [3.8, 5.2],
        moq: 500,
        unit: "kg",
        tags: ["fabric", "jersey", "knit", "cotton"],
        specs: { material: "100% cotton", count: "30s / 40s", width: "72 inch open" },
      },
      {
        name: "Men's Pique Polo Shirts",
        category: "mens-wear",
        picture: "Apparel",
        description: "Classic two-button polos in 220 GSM pique with flat-knit collars. Embroidery available in-house.",
        price: [4.5, 6.9],
        moq: 300,
        unit: "pieces",
        tags: ["polo", "corporate wear", "pique"],
        specs: { material: "100% cotton pique", gsm: "220", sizes: "S-3XL" },
      },
      {
        name: "Cotton Percale Bedsheet Sets, 300 TC",
        category: "bed-linen",
        picture: "Home Textiles",
        description:
          "Crisp percale sets of one flat sheet, one fitted sheet and two pillowcases. Packed in retail-ready fabric pouches.",
        price: [9.5, 14],
        moq: 200,
        unit: "sets",
        tags: ["bedding", "percale", "sheets"],
        specs: { material: "100% long-staple cotton", threadCount: "300", sizes: "Twin, Full, Queen, King" },
      },
      {
        name: "Fleece Hooded Sweatshirts, 320 GSM",
        category: "apparel-and-textiles",
        picture: "Apparel",
        description: "Brushed-back fleece hoodies with a lined hood and kangaroo pocket.",
        price: [7.8, 11.5],
        moq: 200,
        unit: "pieces",
        tags: ["hoodies", "fleece", "winterwear"],
        specs: { material: "80% cotton, 20% polyester", gsm: "320", sizes: "S-3XL" },
      },
      {
        name: "Cotton Canvas Tote Bags",
        category: "bags-and-accessories",
        picture: "Bags",
        description: "Natural 10 oz canvas totes with reinforced handles, ready for printing.",
        price: [1.4, 2.3],
        moq: 1000,
        unit: "pieces",
        tags: ["tote bags", "canvas", "promotional"],
        specs: { material: "10 oz cotton canvas", size: "38 x 42 cm", handle: "70 cm" },
      },
      {
        name: "Hand Block Printed Cotton Fabric",
        category: "fabrics-and-yarn",
        picture: "Fabrics",
        description:
          "Cotton cambric printed by hand with natural dyes by our artisan partners in Rajasthan. Each lot varies slightly, as hand printing does.",
        price: [2.6, 4.1],
        moq: 500,
        unit: "meters",
        tags: ["block print", "handmade", "fabric", "natural dyes"],
        specs: { material: "100% cotton cambric", width: "44 inch", dyes: "Natural" },
      },
      {
        name: "Waffle Weave Cotton Kitchen Towels",
        category: "kitchen-and-table-linen",
        picture: "Home Textiles",
        description: "Quick-drying waffle kitchen towels in packs of four, hemmed with a hanging loop.",
        price: [0.85, 1.3],
        moq: 1000,
        unit: "pieces",
        tags: ["kitchen", "towels", "waffle"],
        specs: { material: "100% cotton", size: "50 x 70 cm" },
      },
      {
        name: "Women's Printed Viscose Kurtis",
        category: "womens-wear",
        picture: "Apparel",
        description:
          "Straight-cut kurtis in breathable viscose with screen-printed motifs. Assorted prints per carton.",
        price: [5.2, 8.4],
        moq: 200,
        unit: "pieces",
        tags: ["ethnic wear", "kurti", "womenswear"],
        specs: { material: "100% viscose rayon", sizes: "XS-XXL" },
      },
      {
        name: "Women's Cotton Palazzo Pants",
        category: "womens-wear",
        picture: "Apparel",
        description:
          "Wide-leg palazzos in breathable cotton slub with an elasticated waist and side pockets. Solid colours and prints.",
        price: [3.9, 5.6],
        moq: 300,
        unit: "pieces",
        tags: ["womenswear", "palazzo", "cotton"],
        specs: { material: "100% cotton slub", sizes: "XS-XXL" },
      },
      {
        name: "Men's Cotton Kurtas, Mandarin Collar",
        category: "mens-wear",
        picture: "Apparel",
        description:
          "Straight kurtas in yarn-dyed cotton with a mandarin collar and side slits, for festive and everyday wear.",
        price: [6.2, 9.5],
        moq: 200,
        unit: "pieces",
        tags: ["menswear", "kurta", "ethnic wear"],
        specs: { material: "100% yarn-dyed cotton", sizes: "S-3XL" },
      },
      {
        name: "Kids' Printed Cotton T-Shirts, Pack of 3",
        category: "kids-wear",
        picture: "Apparel",
        description:
          "Soft single-jersey tees with water-based prints, packed in threes. Sizes 2-12 years, tested to CPSIA requirements.",
        price: [3.4, 4.8],
        moq: 300,
        unit: "sets",
        tags: ["kids", "t-shirts", "printed"],
        specs: { material: "100% combed cotton", sizes: "2-12 years", compliance: "CPSIA" },
      },
      {
        name: "Block Printed Cotton Cushion Covers, 18 x 18 in",
        category: "cushions-and-throws",
        picture: "Home Textiles",
        description:
          "Hand block printed cushion covers with concealed zips, printed with natural dyes by our partners in Bagru.",
        price: [2.1, 3.4],
        moq: 300,
        unit: "pieces",
        tags: ["cushion covers", "home decor", "block print"],
        specs: { material: "100% cotton canvas", size: "45 x 45 cm" },
      },
      {
        name: "Braided Cotton Rope Dog Toys",
        category: "pet-accessories",
        picture: "Pet Accessories",
        description: "Tug and chew toys braided from unbleached cotton rope offcuts, dyed with pet-safe colours.",
        price: [0.9, 1.6],
        moq: 500,
        unit: "pieces",
        tags: ["pet", "dog toys", "cotton rope"],
        specs: { material: "100% cotton rope", length: "25-40 cm" },
      },
    ],
  },
  {
    key: "deccan",
    email: "priya@deccan-auto.example",
    fullName: "Priya Deshpande",
    companyName: "Deccan Auto Components Pvt. Ltd.",
    phone: "+91 98220 47813",
    brand: "Deccan",
    category: "auto-components",
    store: {
      name: "Deccan Auto Components",
      tagline: "IATF 16949 certified replacement parts from Chakan, Pune",
      description:
        "Tier-2 supplier of brake, suspension and engine components to OEMs and the aftermarket. Forging, machining and testing under one roof in the Chakan automotive belt.",
      phone: "+91 20 6741 2200",
      email: "exports@deccan-auto.example",
      website: "https://deccan-auto.example",
      address: {
        street: "Plot B-17, MIDC Chakan Phase II",
        city: "Pune",
        state: "Maharashtra",
        zipCode: "410501",
        country: "India",
      },
      categories: ["auto-components", "engineering-goods"],
      primaryColor: "#b91c1c",
      yearFounded: 2004,
      certifications: ["IATF 16949:2016", "ISO 14001:2015", "ISO 45001:2018"],
      productionCapacity: "250,000 brake, engine and suspension parts",
    },
    products: [
      {
        name: "Ceramic Disc Brake Pads for Light Trucks",
        category: "brakes-and-transmission",
        picture: "Brakes",
        description:
          "Low-dust ceramic pads with shims and hardware included. Cross-referenced to major US light-truck applications.",
        price: [6.5, 9.8],
        moq: 500,
        unit: "sets",
        tags: ["brake pads", "ceramic", "aftermarket"],
        specs: { material: "Ceramic compound", fitment: "Light trucks and SUVs", testing: "SAE J2430" },
        material: "Ceramic friction compound bonded to steel backing plates",
        hsCode: "8708302190",
        originPort: "INNSA",
      },
      {
        name: "Cast Iron Brake Drums",
        category: "brakes-and-transmission",
        picture: "Brakes",
        description: "Balanced grey cast iron drums machined to OE tolerances.",
        price: [18, 27],
        moq: 200,
        unit: "pieces",
        tags: ["brake drums", "cast iron"],
        specs: { material: "Grey cast iron FG 260", diameter: "280 mm" },
        hsCode: "8708305090",
        originPort: "INNSA",
      },
      {
        name: "Forged Steel Crankshafts for 4-Cylinder Engines",
        category: "engine-parts",
        picture: "Engine Parts",
        description: "Induction-hardened forged crankshafts, dynamically balanced and magnaflux tested.",
        price: [85, 140],
        moq: 50,
        unit: "pieces",
        tags: ["crankshaft", "forging", "engine"],
        specs: { material: "EN8D forged steel", hardening: "Induction hardened" },
      },
      {
        name: "Aluminium Alloy Pistons with Rings",
        category: "engine-parts",
        picture: "Engine Parts",
        description: "Gravity die-cast pistons supplied with a matched ring set and gudgeon pin.",
        price: [12, 19],
        moq: 200,
        unit: "pieces",
        tags: ["pistons", "engine", "rings"],
        specs: { material: "LM13 aluminium alloy", bore: "76-102 mm" },
      },
      {
        name: "Clutch Plate Assemblies, 240 mm",
        category: "brakes-and-transmission",
        picture: "Transmission",
        description:
          "Organic-facing clutch discs with torsional damper springs for passenger cars and light commercial vehicles.",
        price: [22, 34],
        moq: 100,
        unit: "pieces",
        tags: ["clutch", "transmission"],
        specs: { material: "Organic friction facing", diameter: "240 mm" },
      },
      {
        name: "Radiator Cooling Fan Assemblies, 12V",
        category: "auto-electricals",
        picture: "Cooling",
        description: "Complete fan, shroud and motor assemblies, 100% end-of-line tested.",
        price: [16, 25],
        moq: 100,
        unit: "pieces",
        tags: ["cooling fan", "radiator", "12v"],
        specs: { material: "Glass-filled PP shroud", voltage: "12 V DC" },
      },
      {
        name: "Rubber Engine Mounts",
        category: "suspension-and-steering",
        picture: "Suspension",
        description: "Bonded natural-rubber mounts with zinc-plated steel brackets.",
        price: [4.2, 6.8],
        moq: 500,
        unit: "pieces",
        tags: ["engine mount", "rubber", "nvh"],
        specs: { material: "Natural rubber, zinc-plated steel" },
      },
      {
        name: "Forged Steel Tie Rod Ends",
        category: "suspension-and-steering",
        picture: "Steering",
        description: "Tie rod ends with greaseable ball joints and hardened studs.",
        price: [3.6, 5.9],
        moq: 500,
        unit: "pieces",
        tags: ["steering", "tie rod"],
        specs: { material: "Forged 40Cr steel", finish: "Zinc plated" },
      },
      {
        name: "Gas-Charged Shock Absorbers",
        category: "suspension-and-steering",
        picture: "Suspension",
        description: "Twin-tube nitrogen-charged shocks tuned for a comfortable ride under load.",
        price: [14, 22],
        moq: 200,
        unit: "pieces",
        tags: ["shock absorber", "suspension"],
        specs: { material: "Steel tube, chrome rod", type: "Twin-tube gas" },
      },
      {
        name: "Double-Row Wheel Hub Bearings",
        category: "suspension-and-steering",
        picture: "Bearings",
        description: "Sealed, pre-greased hub bearings for front and rear axles.",
        price: [7.5, 11.8],
        moq: 300,
        unit: "pieces",
        tags: ["bearings", "wheel hub"],
        specs: { material: "GCr15 bearing steel", seal: "Double lip" },
      },
      {
        name: "Heavy-Duty Leaf Springs for Pickup Trucks",
        category: "suspension-and-steering",
        picture: "Suspension",
        description: "Shot-peened parabolic leaf springs, sold as a pair with U-bolts.",
        price: [38, 58],
        moq: 50,
        unit: "sets",
        tags: ["leaf spring", "pickup", "heavy duty"],
        specs: { material: "50CrV4 spring steel", finish: "Black epoxy" },
      },
      {
        name: "Spin-On Engine Oil Filters",
        category: "engine-parts",
        picture: "Filters",
        description: "Cellulose-synthetic media oil filters with anti-drain-back valves.",
        price: [1.2, 2.1],
        moq: 1000,
        unit: "pieces",
        tags: ["oil filter", "maintenance"],
        specs: { material: "Cellulose-synthetic media", thread: "3/4-16 UNF" },
      },
    ],
  },
  {
    key: "sabarmati",
    email: "amit@sabarmati-chemicals.example",
    fullName: "Amit Patel",
    companyName: "Sabarmati Chemicals Ltd.",
    phone: "+91 98250 33671",
    brand: "Sabarmati",
    category: "chemicals",
    store: {
      name: "Sabarmati Chemicals",
      tagline: "Dyes, pigments and food-grade chemicals from GIDC Vatva",
      description:
        "ISO 9001 and REACH-registered manufacturer of textile dyes, pigments and specialty chemicals. Every batch ships with a certificate of analysis and full SDS documentation.",
      phone: "+91 79 2583 0415",
      email: "export@sabarmati-chemicals.example",
      website: "https://sabarmati-chemicals.example",
      address: {
        street: "Plot 42, Phase IV, GIDC Vatva",
        city: "Ahmedabad",
        state: "Gujarat",
        zipCode: "382445",
        country: "India",
      },
      categories: ["chemicals"],
      primaryColor: "#7c3aed",
      yearFounded: 1991,
      certifications: ["ISO 9001:2015", "REACH registered", "FSSC 22000 (food-grade line)", "Halal", "Kosher"],
      productionCapacity: "900 tonnes of dyes, pigments and chemicals",
    },
    products: [
      {
        name: "Reactive Red ME4BL Dye for Cotton",
        category: "dyes-and-pigments",
        picture: "Dyes",
        description: "Bifunctional reactive dye with high fixation for exhaust dyeing of cotton and viscose.",
        price: [4.8, 6.5],
        moq: 500,
        unit: "kg",
        tags: ["reactive dye", "cotton", "textile dyes"],
        specs: { material: "Reactive Red 195", form: "Powder", strength: "150%" },
      },
      {
        name: "Disperse Dyes for Polyester",
        category: "dyes-and-pigments",
        picture: "Dyes",
        description: "High-energy disperse dyes for HT dyeing of polyester, in a 24-shade range.",
        price: [6.2, 8.9],
        moq: 500,
        unit: "kg",
        tags: ["disperse dye", "polyester"],
        specs: { material: "Disperse dyes", form: "Powder", packing: "25 kg drums" },
      },
      {
        name: "Citric Acid Anhydrous, Food Grade",
        category: "food-additives",
        picture: "Food Additives",
        description: "Free-flowing citric acid meeting FCC and BP standards for beverages and confectionery.",
        price: [1050, 1380],
        moq: 5,
        unit: "tons",
        tags: ["citric acid", "food grade", "acidulant"],
        specs: { material: "Citric acid anhydrous", grade: "FCC / BP", mesh: "30-100" },
      },
      {
        name: "Sodium Benzoate, Food Grade (E211)",
        category: "food-additives",
        picture: "Preservatives",
        description: "Granular sodium benzoate for beverages, sauces and pickles. Halal and kosher certified.",
        price: [1.6, 2.1],
        moq: 1000,
        unit: "kg",
        tags: ["preservative", "sodium benzoate", "food grade"],
        specs: { material: "Sodium benzoate", purity: "99.5%", form: "Granules" },
      },
      {
        name: "Caustic Soda Flakes 98%",
        category: "industrial-chemicals",
        picture: "Industrial Chemicals",
        description: "Sodium hydroxide flakes for soap making, water treatment and textile processing.",
        price: [480, 620],
        moq: 20,
        unit: "tons",
        tags: ["caustic soda", "sodium hydroxide", "industrial"],
        specs: { material: "Sodium hydroxide", purity: "98% min", packing: "50 kg HDPE bags" },
      },
      {
        name: "Titanium Dioxide, Rutile Grade",
        category: "dyes-and-pigments",
        picture: "Pigments",
        description: "Surface-treated rutile TiO2 with high opacity for paints, coatings and plastics.",
        price: [2.6, 3.4],
        moq: 1000,
        unit: "kg",
        tags: ["tio2", "pigment", "paints"],
        specs: { material: "Titanium dioxide (rutile)", purity: "93% min" },
      },
      {
        name: "Phthalocyanine Blue Pigment (PB 15:3)",
        category: "dyes-and-pigments",
        picture: "Pigments",
        description: "Beta copper phthalocyanine blue with excellent light fastness for inks and coatings.",
        price: [9.5, 13],
        moq: 250,
        unit: "kg",
        tags: ["pigment", "blue", "inks"],
        specs: { material: "Pigment Blue 15:3", form: "Powder" },
      },
      {
        name: "Isopropyl Alcohol 99.9%",
        category: "industrial-chemicals",
        picture: "Solvents",
        description: "Electronic-grade IPA for cleaning, coatings and pharmaceutical processing, in 200-litre drums.",
        price: [1.1, 1.55],
        moq: 2000,
        unit: "liters",
        tags: ["ipa", "solvent", "cleaning"],
        specs: { material: "Isopropyl alcohol", purity: "99.9%", packing: "200 L drums" },
      },
      {
        name: "Cationic Textile Softener Flakes",
        category: "specialty-chemicals",
        picture: "Textile Auxiliaries",
        description: "Cold-soluble softener flakes giving a silky hand to cotton and blends.",
        price: [1.9, 2.6],
        moq: 500,
        unit: "kg",
        tags: ["softener", "textile auxiliaries"],
        specs: { material: "Cationic fatty amide", form: "Flakes" },
      },
      {
        name: "Water-Based Acrylic Emulsion Binder",
        category: "specialty-chemicals",
        picture: "Polymers",
        description: "Low-formaldehyde acrylic binder for pigment printing on textiles.",
        price: [1.4, 1.95],
        moq: 1000,
        unit: "kg",
        tags: ["binder", "acrylic", "printing"],
        specs: { material: "Acrylic copolymer emulsion", solids: "45%" },
      },
      {
        name: "Optical Brightening Agent for Detergents",
        category: "specialty-chemicals",
        picture: "Specialty Chemicals",
        description: "Stilbene-based optical brightener (CBS-X type) for laundry powders and liquids.",
        price: [5.5, 7.2],
        moq: 250,
        unit: "kg",
        tags: ["optical brightener", "detergent"],
        specs: { material: "Distyrylbiphenyl derivative", form: "Powder" },
      },
    ],
  },
  {
    key: "kovai",
    email: "senthil@kovai-machinery.example",
    fullName: "Senthil Murugan",
    companyName: "Kovai Precision Machinery Pvt. Ltd.",
    phone: "+91 94432 18890",
    brand: "Kovai",
    category: "engineering-goods",
    store: {
      name: "Kovai Precision Machinery",
      tagline: "Pumps, motors and machine tools built in Coimbatore",
      description:
        "Coimbatore manufacturer of pumps, motors, food-processing machines and CNC machine tools. UL and CE versions available, with spares and service support for export customers.",
      phone: "+91 422 254 7710",
      email: "sales@kovai-machinery.example",
      website: "https://kovai-machinery.example",
      address: {
        street: "B-38, SIDCO Industrial Estate, Kurichi",
        city: "Coimbatore",
        state: "Tamil Nadu",
        zipCode: "641021",
        country: "India",
      },
      categories: ["engineering-goods"],
      primaryColor: "#1d4ed8",
      yearFounded: 1986,
      certifications: ["ISO 9001:2015", "CE", "UL-listed motors", "BEE star-rated pumps"],
      productionCapacity: "6,000 pumps and 2,500 motors",
    },
    products: [
      {
        name: "Openwell Submersible Pump, 1 HP",
        category: "pumps-and-motors",
        picture: "Pumps",
        description:
          "Stainless-steel bodied openwell pump for domestic and farm use, with a water-filled rewindable motor.",
        price: [95, 140],
        moq: 20,
        unit: "pieces",
        tags: ["pump", "submersible", "agriculture"],
        specs: { material: "SS 304 body", power: "1 HP / 0.75 kW", voltage: "230 V single phase" },
      },
      {
        name: "Borewell Submersible Pump Set, 3 HP",
        category: "pumps-and-motors",
        picture: "Pumps",
        description: "Four-inch borewell pump set with control panel, for heads up to 120 metres.",
        price: [260, 380],
        moq: 10,
        unit: "sets",
        tags: ["borewell", "pump", "water"],
        specs: { material: "Noryl impellers, SS shaft", power: "3 HP", size: "4 inch" },
      },
      {
        name: "Commercial Tilting Wet Grinder, 10 Litre",
        category: "industrial-machinery",
        picture: "Food Processing Machinery",
        description: "Stone wet grinder for idli and dosa batter in restaurants and catering kitchens.",
        price: [420, 560],
        moq: 5,
        unit: "pieces",
        tags: ["wet grinder", "commercial kitchen", "food processing"],
        specs: { material: "SS 304 drum, granite stones", capacity: "10 L" },
      },
      {
        name: "Three-Phase Induction Motor, 5 HP",
        category: "pumps-and-motors",
        picture: "Motors",
        description: "IE3 premium-efficiency TEFC motor in a cast-iron frame, foot mounted.",
        price: [210, 310],
        moq: 10,
        unit: "pieces",
        tags: ["motor", "ie3", "induction"],
        specs: { material: "Cast iron frame", power: "5 HP / 3.7 kW", efficiency: "IE3" },
      },
      {
        name: "Centrifugal Monoblock Pump, 2 HP",
        category: "pumps-and-motors",
        picture: "Pumps",
        description: "Self-priming monoblock pump for irrigation and building water supply.",
        price: [120, 175],
        moq: 20,
        unit: "pieces",
        tags: ["monoblock", "pump", "irrigation"],
        specs: { material: "Cast iron casing, brass impeller", power: "2 HP" },
      },
      {
        name: "CNC Turning Centre, 8-Inch Chuck",
        category: "machine-tools",
        picture: "Machine Tools",
        description:
          "Slant-bed CNC lathe with a 12-station turret and Fanuc control. Installation and training included.",
        price: [28000, 36500],
        moq: 1,
        unit: "pieces",
        tags: ["cnc", "lathe", "machine tools"],
        specs: { material: "Meehanite cast bed", control: "Fanuc 0i-TF", chuck: "8 inch hydraulic" },
      },
      {
        name: "Vertical Machining Centre, 800 mm X-Travel",
        category: "machine-tools",
        picture: "Machine Tools",
        description: "Rigid box-way VMC with a 24-tool ATC and 10,000 rpm spindle.",
        price: [46000, 62000],
        moq: 1,
        unit: "pieces",
        tags: ["vmc", "cnc", "milling"],
        specs: { material: "Meehanite castings", travel: "800 x 500 x 500 mm", spindle: "BT40, 10,000 rpm" },
      },
      {
        name: "Two-Stage Reciprocating Air Compressor, 10 HP",
        category: "industrial-machinery",
        picture: "Compressors",
        description: "Heavy-duty cast-iron compressor with a 500-litre receiver for workshops and small plants.",
        price: [1450, 2100],
        moq: 2,
        unit: "pieces",
        tags: ["compressor", "air", "workshop"],
        specs: { material: "Cast iron cylinders", power: "10 HP", pressure: "12 bar" },
      },
      {
        name: "Cotton Carding Machine Spares Kit",
        category: "industrial-machinery",
        picture: "Textile Machinery",
        description: "Flats, licker-in wire and bearings for common carding machine models.",
        price: [650, 980],
        moq: 5,
        unit: "sets",
        tags: ["spinning", "spares", "textile machinery"],
        specs: { material: "Hardened steel wire" },
      },
      {
        name: "Pulverizer Flour Mill, 5 HP",
        category: "industrial-machinery",
        picture: "Food Processing Machinery",
        description: "Hammer-type pulverizer for spices, grains and herbs, with interchangeable sieves.",
        price: [780, 1150],
        moq: 3,
        unit: "pieces",
        tags: ["pulverizer", "spice grinding", "flour mill"],
        specs: { material: "SS 304 contact parts", power: "5 HP", output: "50-80 kg/h" },
      },
      {
        name: "Hydraulic Hand Pallet Truck, 2.5 Ton",
        category: "industrial-machinery",
        picture: "Material Handling",
        description: "Manual pallet truck with polyurethane wheels and a sealed hydraulic pump.",
        price: [160, 230],
        moq: 10,
        unit: "pieces",
        tags: ["pallet truck", "warehouse"],
        specs: { material: "Steel chassis", capacity: "2,500 kg" },
      },
    ],
  },
  {
    key: "nandi",
    email: "kavya@nandi-electronics.example",
    fullName: "Kavya Reddy",
    companyName: "Nandi Electronics Pvt. Ltd.",
    phone: "+91 99860 52147",
    brand: "Nandi",
    category: "electronics",
    store: {
      name: "Nandi Electronics",
      tagline: "LED lighting, power electronics and PCB assembly from Bengaluru",
      description:
        "EMS company in Electronic City with SMT lines, in-house design and compliance testing. We build LED lighting, energy products and custom boards for brands in North America.",
      phone: "+91 80 4128 9920",
      email: "business@nandi-electronics.example",
      website: "https://nandi-electronics.example",
      address: {
        street: "No. 61, Electronic City Phase 1, Hosur Road",
        city: "Bengaluru",
        state: "Karnataka",
        zipCode: "560100",
        country: "India",
      },
      categories: ["electronics", "pharmaceuticals"],
      primaryColor: "#3b82f6",
      yearFounded: 2011,
      certifications: ["ISO 9001:2015", "ISO 13485:2016", "IPC-A-610 Class 3", "RoHS compliant"],
      productionCapacity: "120,000 LED luminaires and 40,000 assembled boards",
    },
    products: [
      {
        name: "LED Panel Light 2x2 ft, 40W",
        category: "lighting",
        picture: "Lighting",
        description: "Edge-lit flat panel with a UL-listed driver, 0-10V dimmable, for drop ceilings.",
        price: [14, 21],
        moq: 200,
        unit: "pieces",
        tags: ["led", "panel light", "commercial lighting"],
        specs: { material: "Aluminium frame, PMMA light guide", power: "40 W", cct: "3500K / 4000K / 5000K" },
        hsCode: "940511",
        originPort: "INMAA",
      },
      {
        name: "LED Bulb 9W, E26 Base",
        category: "lighting",
        picture: "Lighting",
        description: "A19 LED bulbs with 800 lumens and a 15,000-hour life, packed in retail boxes.",
        price: [0.65, 1.05],
        moq: 5000,
        unit: "pieces",
        tags: ["led bulb", "a19", "retail"],
        specs: { material: "PC diffuser, aluminium heat sink", power: "9 W", base: "E26" },
        hsCode: "853952",
        originPort: "INMAA",
        tiers: [
          [20000, 0.85],
          [100000, 0.65],
        ],
      },
      {
        name: "Wi-Fi Smart Energy Meter, Single Phase",
        category: "instruments-and-security",
        picture: "IoT Devices",
        description: "DIN-rail energy meter with app monitoring and Modbus output.",
        price: [18, 26],
        moq: 500,
        unit: "pieces",
        tags: ["smart meter", "iot", "energy"],
        specs: { material: "Flame-retardant PC housing", accuracy: "Class 1" },
      },
      {
        name: "Lithium-Ion Battery Pack, 48V 30Ah",
        category: "power-and-solar",
        picture: "Batteries",
        description: "NMC battery pack with smart BMS for e-bikes and solar storage.",
        price: [310, 420],
        moq: 20,
        unit: "pieces",
        tags: ["lithium", "battery", "ev"],
        specs: { material: "NMC 18650 cells", voltage: "48 V", capacity: "30 Ah" },
      },
      {
        name: "MPPT Solar Charge Controller, 40A",
        category: "power-and-solar",
        picture: "Solar",
        description: "MPPT controller with 98% tracking efficiency and an LCD display.",
        price: [38, 55],
        moq: 100,
        unit: "pieces",
        tags: ["solar", "mppt", "charge controller"],
        specs: { material: "Aluminium enclosure", current: "40 A", voltage: "12/24 V auto" },
      },
      {
        name: "Double-Sided SMT PCB Assembly",
        category: "electronic-components",
        picture: "PCB Assembly",
        description:
          "Turnkey PCB assembly from your Gerbers and BOM, with AOI and functional testing. Price depends on board complexity.",
        price: [2.5, 9],
        moq: 1000,
        unit: "pieces",
        tags: ["pcb", "smt", "ems", "contract manufacturing"],
        specs: { material: "FR-4", layers: "2-8", testing: "AOI, ICT, functional" },
      },
      {
        name: "Bluetooth Neckband Earphones",
        category: "consumer-electronics",
        picture: "Audio",
        description: "Bluetooth 5.3 neckband with 20-hour playback and magnetic earbuds.",
        price: [3.8, 5.6],
        moq: 1000,
        unit: "pieces",
        tags: ["audio", "bluetooth", "earphones"],
        specs: { material: "Silicone neckband", battery: "200 mAh", bluetooth: "5.3" },
      },
      {
        name: "USB-C GaN Fast Charger, 30W",
        category: "consumer-electronics",
        picture: "Chargers",
        description: "Compact GaN wall charger with PD 3.0, FCC and UL certified.",
        price: [4.2, 6.1],
        moq: 1000,
        unit: "pieces",
        tags: ["charger", "usb-c", "gan"],
        specs: { material: "Fire-retardant PC", power: "30 W", certification: "FCC, UL" },
      },
      {
        name: "Auto-Ranging Digital Multimeter",
        category: "instruments-and-security",
        picture: "Test & Measurement",
        description: "True-RMS multimeter with a backlit display and CAT III 600V rating.",
        price: [9.5, 14.5],
        moq: 200,
        unit: "pieces",
        tags: ["multimeter", "test equipment"],
        specs: { material: "ABS with rubber boot", rating: "CAT III 600 V" },
      },
      {
        name: "BLDC Ceiling Fan Motor Controller",
        category: "electronic-components",
        picture: "Components",
        description: "Sensorless BLDC driver board with RF remote receiver, for energy-efficient fans.",
        price: [5.4, 7.9],
        moq: 1000,
        unit: "pieces",
        tags: ["bldc", "fan", "controller"],
        specs: { material: "FR-4 PCB", input: "100-240 V AC" },
      },
      {
        name: "Fingertip Pulse Oximeter",
        category: "medical-supplies",
        picture: "Medical Electronics",
        description: "SpO2 and pulse-rate monitor with an OLED display, supplied with lanyard and batteries.",
        price: [6.8, 9.9],
        moq: 500,
        unit: "pieces",
        tags: ["oximeter", "medical", "healthcare"],
        specs: { material: "ABS housing", display: "OLED", power: "2 x AAA" },
      },
      {
        name: "16-Channel Network Video Recorder",
        category: "instruments-and-security",
        picture: "Security",
        description: "4K NVR with H.265+ compression and support for two 8 TB drives.",
        price: [68, 95],
        moq: 50,
        unit: "pieces",
        tags: ["nvr", "cctv", "security"],
        specs: { material: "Steel chassis", channels: "16", storage: "2 x SATA, up to 16 TB" },
      },
    ],
  },
  {
    key: "malabar",
    email: "thomas@malabar-spice.example",
    fullName: "Thomas Varghese",
    companyName: "Malabar Spice Exports",
    phone: "+91 94470 63318",
    brand: "Malabar Harvest",
    category: "spices-and-food",
    store: {
      name: "Malabar Spice Exports",
      tagline: "Kerala spices, coconut and cashew, traced to the farm",
      description:
        "Family-run exporter in Mattancherry sourcing directly from Idukki and Wayanad growers. Steam-sterilised spices with ASTA cleanliness and FDA-registered facilities.",
      phone: "+91 484 222 6041",
      email: "trade@malabar-spice.example",
      website: "https://malabar-spice.example",
      address: {
        street: "14/302 Bazaar Road, Mattancherry",
        city: "Kochi",
        state: "Kerala",
        zipCode: "682002",
        country: "India",
      },
      categories: ["spices-and-food", "pharmaceuticals", "chemicals"],
      primaryColor: "#15803d",
      yearFounded: 1972,
      certifications: [
        "US FDA registered facility",
        "ASTA cleanliness",
        "HACCP",
        "USDA Organic (pepper, turmeric)",
        "Spices Board India",
      ],
      productionCapacity: "400 tonnes of spices and 120 tonnes of cashew kernels",
    },
    products: [
      {
        name: "Tellicherry Black Pepper, TGSEB Grade",
        category: "spices",
        picture: "Spices",
        description: "Extra-bold 4.75 mm pepper from the Malabar coast, steam sterilised and ASTA clean.",
        price: [8.2, 9.8],
        moq: 500,
        unit: "kg",
        tags: ["black pepper", "tellicherry", "whole spices"],
        specs: { material: "Piper nigrum", grade: "TGSEB", moisture: "12% max" },
        hsCode: "090411",
        originPort: "INCOK",
        tiers: [
          [2000, 9.1],
          [10000, 8.2],
        ],
      },
      {
        name: "Green Cardamom, 8 mm Bold",
        category: "spices",
        picture: "Spices",
        description: "Handpicked Idukki cardamom with bright green colour and strong aroma.",
        price: [28, 36],
        moq: 100,
        unit: "kg",
        tags: ["cardamom", "green cardamom", "whole spices"],
        specs: { material: "Elettaria cardamomum", size: "8 mm+" },
      },
      {
        name: "Cochin Dried Ginger, Whole",
        category: "spices",
        picture: "Spices",
        description: "Limed and sun-dried whole ginger rhizomes, cleaned and graded.",
        price: [3.4, 4.6],
        moq: 1000,
        unit: "kg",
        tags: ["ginger", "dried", "whole spices"],
        specs: { material: "Zingiber officinale" },
      },
      {
        name: "Turmeric Powder, 3% Curcumin",
        category: "spices",
        picture: "Spices",
        description: "Finely ground Alleppey turmeric, tested for lead and Sudan dyes on every lot.",
        price: [2.9, 3.8],
        moq: 1000,
        unit: "kg",
        tags: ["turmeric", "ground spices", "curcumin"],
        specs: { material: "Curcuma longa", curcumin: "3% min", mesh: "60" },
        material: "Ground turmeric (Curcuma longa rhizome), 3% curcumin, no additives",
        hsCode: "0910300000",
        originPort: "INCOK",
      },
      {
        name: "Whole Cloves, Hand-Picked",
        category: "spices",
        picture: "Spices",
        description: "Sun-dried cloves with a high oil content, hand-sorted to remove stems.",
        price: [11, 14.5],
        moq: 250,
        unit: "kg",
        tags: ["cloves", "whole spices"],
        specs: { material: "Syzygium aromaticum", oil: "15% min" },
      },
      {
        name: "Cold-Pressed Virgin Coconut Oil",
        category: "edible-oils",
        picture: "Edible Oils",
        description:
          "Virgin coconut oil pressed from fresh kernels, for kitchens and for skin and hair care lines, supplied in food-grade drums or retail bottles.",
        price: [4.8, 6.2],
        moq: 1000,
        unit: "liters",
        tags: ["coconut oil", "virgin", "cold pressed", "skin care", "hair care"],
        specs: { material: "Cocos nucifera kernel", ffa: "0.2% max" },
      },
      {
        name: "Desiccated Coconut, Fine Grade",
        category: "snacks-and-processed-food",
        picture: "Coconut Products",
        description: "Low-fat and high-fat desiccated coconut for bakeries and confectionery, in 25 kg bags.",
        price: [2300, 2950],
        moq: 5,
        unit: "tons",
        tags: ["desiccated coconut", "bakery"],
        specs: { material: "Coconut kernel", fat: "65% min", packing: "25 kg paper bags" },
      },
      {
        name: "Cashew Kernels W320",
        category: "nuts-and-dried-fruit",
        picture: "Nuts",
        description: "Whole white cashews, 320 count per pound, vacuum packed in tins with CO2 flushing.",
        price: [7.4, 8.6],
        moq: 1000,
        unit: "kg",
        tags: ["cashew", "nuts", "w320"],
        specs: { material: "Anacardium occidentale", grade: "W320", packing: "2 x 10 kg tins" },
      },
      {
        name: "Nilgiri Orthodox Black Tea, FOP",
        category: "tea-and-coffee",
        picture: "Tea & Coffee",
        description: "Bright, fragrant leaf tea from high-grown Nilgiri estates.",
        price: [5.2, 7.4],
        moq: 500,
        unit: "kg",
        tags: ["tea", "nilgiri", "orthodox"],
        specs: { material: "Camellia sinensis", grade: "FOP" },
      },
      {
        name: "Monsooned Malabar Arabica, Green Beans",
        category: "tea-and-coffee",
        picture: "Tea & Coffee",
        description: "Green coffee exposed to monsoon winds for a mellow, low-acid cup. Screen 18 and above.",
        price: [6.1, 7.8],
        moq: 1000,
        unit: "kg",
        tags: ["coffee", "green beans", "arabica"],
        specs: { material: "Coffea arabica", grade: "AA, screen 18+" },
      },
      // Kerala's herbs and oils: the demo's pharmaceuticals and beauty (issue #41.2)
      {
        name: "Organic Ashwagandha Root Powder",
        category: "ayurvedic-and-herbal",
        picture: "Herbal",
        description:
          "Withania somnifera root, shade-dried and milled to 80 mesh, for supplement and Ayurvedic formulators. USDA Organic.",
        price: [11.5, 14],
        moq: 100,
        unit: "kg",
        tags: ["ashwagandha", "ayurvedic", "herbal", "organic"],
        specs: { material: "Withania somnifera root", withanolides: "2.5% min", mesh: "80" },
      },
      {
        name: "Ayurvedic Neem & Turmeric Soap Bars, 100 g",
        category: "essential-oils-and-cosmetics",
        picture: "Soap",
        description:
          "Cold-process soap with neem leaf, turmeric and virgin coconut oil, wrapped in recycled paper. Private label welcome.",
        price: [0.8, 1.2],
        moq: 3000,
        unit: "pieces",
        tags: ["soap", "ayurvedic", "skin care", "neem"],
        specs: { material: "Coconut oil, neem, turmeric", weight: "100 g" },
      },
      {
        name: "Lemongrass Essential Oil, Steam Distilled",
        category: "essential-oils-and-cosmetics",
        picture: "Essential Oils",
        description: "Cochin lemongrass oil, 75% citral minimum, for aromatherapy, cosmetic and flavour houses.",
        price: [16, 21],
        moq: 25,
        unit: "kg",
        tags: ["essential oil", "lemongrass", "cosmetic", "aromatherapy"],
        specs: { material: "Cymbopogon flexuosus", citral: "75% min" },
      },
      {
        name: "Kerala Banana Chips",
        category: "snacks-and-processed-food",
        picture: "Snacks",
        description: "Nendran banana chips fried in coconut oil and lightly salted, nitrogen-flushed packs.",
        price: [3.1, 4.2],
        moq: 500,
        unit: "kg",
        tags: ["snacks", "banana chips"],
        specs: { material: "Nendran banana, coconut oil, salt", shelfLife: "6 months" },
      },
      {
        name: "Garam Masala Blend, 100 g Retail Packs",
        category: "spices",
        picture: "Spice Blends",
        description:
          "House blend of eleven whole spices, roasted and ground in small batches. Private-label packs available.",
        price: [0.95, 1.35],
        moq: 2000,
        unit: "pieces",
        tags: ["garam masala", "spice blend", "retail packs"],
        specs: { material: "Mixed spices", weight: "100 g" },
      },
    ],
  },
  // A second home-textile house, so that a buyer looking at towels or bedding sees another supplier of them
  // ("Similar suppliers", issue #23) and the marketplace is not one supplier per category.
  {
    key: "kaveri",
    email: "anita@kaveri-home.example",
    fullName: "Anita Malhotra",
    companyName: "Kaveri Home Furnishings Pvt. Ltd.",
    phone: "+91 98120 47731",
    brand: "Kaveri Home",
    category: "home-textiles",
    store: {
      name: "Kaveri Home Furnishings",
      tagline: "Towels, bath mats and bedding woven in Panipat",
      description:
        "Weaving and tufting unit in Panipat, India's home-textile town, making towels, bath mats, rugs and bedding for US hotel suppliers and home-goods retailers. In-house dyeing, stitching and export packing.",
      phone: "+91 180 265 3390",
      email: "export@kaveri-home.example",
      website: "https://kaveri-home.example",
      address: {
        street: "Plot 88, Sector 29, Part II, HSIIDC Industrial Estate",
        city: "Panipat",
        state: "Haryana",
        zipCode: "132103",
        country: "India",
      },
      categories: ["home-textiles"],
      primaryColor: "#9d174d",
      yearFounded: 2006,
      certifications: ["OEKO-TEX Standard 100", "BSCI", "ISO 9001:2015"],
      productionCapacity: "2.4 million towels and 600,000 bath mats and rugs",
    },
    products: [
      {
        name: "Cotton Waffle Bath Towels, 400 GSM",
        category: "bath-linen",
        picture: "Home Textiles",
        description:
          "Quick-drying waffle-weave towels in 100% cotton, garment washed for a soft hand. Spa and hotel sizes.",
        price: [2.9, 4.1],
        moq: 500,
        unit: "pieces",
        tags: ["towels", "waffle", "bath", "cotton"],
        specs: { material: "100% cotton", gsm: "400", size: "70 x 140 cm" },
        hsCode: "6302600020",
        originPort: "INNSA",
        tiers: [
          [2000, 3.5],
          [5000, 2.9],
        ],
      },
      {
        name: "Hotel White Terry Towels, 550 GSM",
        category: "bath-linen",
        picture: "Home Textiles",
        description:
          "Ring-spun terry with a cam border, bleached for industrial laundering. Bath, hand and face sizes.",
        price: [3.6, 5.2],
        moq: 1000,
        unit: "pieces",
        tags: ["towels", "hospitality", "terry", "hotel"],
        specs: { material: "100% cotton", gsm: "550", sizes: "bath, hand, face" },
        hsCode: "6302600020",
        originPort: "INNSA",
      },
      {
        name: "Tufted Cotton Bath Mats",
        category: "bath-linen",
        picture: "Home Textiles",
        description: "Thick tufted bath mats with a non-slip latex back, machine washable. 12 colours in stock.",
        price: [2.2, 3.4],
        moq: 500,
        unit: "pieces",
        tags: ["bath mats", "cotton", "bathroom"],
        specs: { material: "100% cotton, latex back", size: "50 x 80 cm" },
      },
      {
        name: "Handwoven Cotton Chindi Rugs",
        category: "rugs-and-carpets",
        picture: "Home Textiles",
        description: "Flat-woven rugs from recycled cotton cutting waste, each a little different. Reversible.",
        price: [4.5, 7],
        moq: 200,
        unit: "pieces",
        tags: ["rugs", "handwoven", "recycled cotton"],
        specs: { material: "recycled cotton", size: "60 x 90 cm" },
      },
      {
        name: "Cotton Percale Pillow Covers, 250 TC",
        category: "bed-linen",
        picture: "Home Textiles",
        description: "Envelope-closure pillow covers in crisp percale, sold in pairs. Standard and king sizes.",
        price: [1.3, 1.9],
        moq: 1000,
        unit: "pieces",
        tags: ["pillow covers", "bedding", "percale"],
        specs: { material: "100% cotton percale", threadCount: "250" },
      },
      {
        name: "Jacquard Cotton Throw Blankets",
        category: "cushions-and-throws",
        picture: "Home Textiles",
        description: "Woven jacquard throws with tasselled ends, in earthy and coastal palettes. 127 x 152 cm.",
        price: [6.5, 9],
        moq: 300,
        unit: "pieces",
        tags: ["throws", "blankets", "jacquard"],
        specs: { material: "100% cotton", size: "127 x 152 cm" },
      },
    ],
  },
  // A Jaipur house for what India is known for beyond the mills: handicrafts, décor, furniture, jewellery, gems,
  // leather and Sanganer's handmade paper, so that every category the header and the home page link lists products
  // (issue #41.2).
  {
    key: "amber",
    email: "meera@amber-artisans.example",
    fullName: "Meera Rathore",
    companyName: "Amber Artisans Exports LLP",
    phone: "+91 98290 51734",
    brand: "Amber Artisans",
    category: "handicrafts",
    store: {
      name: "Amber Artisans",
      tagline: "Brass, wood, jewellery and handmade paper from Jaipur's workshops",
      description:
        "Export house in Jaipur working with 40 artisan workshops in Rajasthan: engraved brass, sheesham furniture, silver and kundan jewellery, calibrated gemstones, mojaris and Sanganeri handmade paper, packed for US retail.",
      phone: "+91 141 274 3390",
      email: "export@amber-artisans.example",
      website: "https://amber-artisans.example",
      address: {
        street: "E-118, Sitapura Industrial Area",
        city: "Jaipur",
        state: "Rajasthan",
        zipCode: "302022",
        country: "India",
      },
      categories: [
        "handicrafts",
        "home-decor",
        "furniture",
        "jewellery",
        "gems",
        "leather-goods",
        "paper-and-packaging",
      ],
      primaryColor: "#b45309",
      yearFounded: 2003,
      certifications: ["Fair Trade Forum India", "SEDEX SMETA", "EPCH member", "GJEPC member"],
      productionCapacity: "45,000 handcrafted pieces and 2 million sheets of handmade paper",
    },
    products: [
      {
        name: "Hand-Engraved Brass Planter, 8 in",
        category: "planters-and-vases",
        picture: "Planters",
        description:
          "Solid brass planter hand-engraved with a jaali pattern, lacquered against tarnish, with a drainage liner. 8 in across.",
        price: [9.5, 13],
        moq: 100,
        unit: "pieces",
        tags: ["brass", "planter", "home decor", "handmade"],
        specs: { material: "Brass, lacquered", size: "8 x 7 in" },
        hsCode: "8306290000",
        originPort: "INNSA",
      },
      {
        name: "Brass Diya Oil Lamps, Set of 4",
        category: "metal-crafts",
        picture: "Brass",
        description: "Sand-cast brass diyas finished by hand in Moradabad style, for Diwali and home décor ranges.",
        price: [5.2, 7],
        moq: 200,
        unit: "sets",
        tags: ["brass", "diya", "lamp", "handicraft"],
        specs: { material: "Brass", pieces: "4" },
      },
      {
        name: "Carved Sheesham Wood Elephant Figurines",
        category: "wood-crafts",
        picture: "Woodcraft",
        description: "Hand-carved Indian rosewood elephants in three sizes, finished with natural wax.",
        price: [4.8, 12],
        moq: 150,
        unit: "pieces",
        tags: ["wood carving", "elephant", "handicraft", "sheesham"],
        specs: { material: "Sheesham (Indian rosewood)", sizes: "4, 6 and 8 in" },
      },
      {
        name: "Marble Inlay Coasters, Set of 4",
        category: "stone-and-marble-crafts",
        picture: "Marble",
        description:
          "White Makrana marble with semi-precious stone inlay in the Agra pietra dura tradition, felt backed.",
        price: [8, 11],
        moq: 100,
        unit: "sets",
        tags: ["marble", "inlay", "coasters", "handicraft"],
        specs: { material: "Makrana marble, stone inlay", size: "4 x 4 in" },
      },
      {
        name: "Pierced Metal Lanterns with Glass Panels",
        category: "candles-and-lighting",
        picture: "Lanterns",
        description:
          "Iron lanterns with hand-pierced patterns and frosted glass, antique brass finish, for candles or LED.",
        price: [7.5, 14],
        moq: 100,
        unit: "pieces",
        tags: ["lantern", "candle holder", "home decor"],
        specs: { material: "Iron, glass", heights: "10 and 14 in" },
      },
      {
        name: "Mango Wood Framed Wall Mirror, 24 in",
        category: "wall-decor",
        picture: "Mirrors",
        description: "Round mirror in a hand-carved mango wood frame, ready to hang, packed to ISTA 3A.",
        price: [18, 24],
        moq: 50,
        unit: "pieces",
        tags: ["mirror", "wall decor", "mango wood"],
        specs: { material: "Mango wood, glass", diameter: "24 in" },
      },
      {
        name: "Solid Sheesham Wood Coffee Table",
        category: "wooden-furniture",
        picture: "Furniture",
        description: "Coffee table in kiln-dried sheesham with a natural oil finish, shipped flat with brass fittings.",
        price: [62, 85],
        moq: 20,
        unit: "pieces",
        tags: ["coffee table", "sheesham", "furniture", "solid wood"],
        specs: { material: "Sheesham, kiln-dried", size: "100 x 60 x 45 cm" },
      },
      {
        name: "Iron and Cane Accent Chair",
        category: "cane-and-rattan",
        picture: "Chairs",
        description:
          "Powder-coated iron frame with a hand-woven cane seat and back, for boutique retail and hospitality.",
        price: [48, 64],
        moq: 20,
        unit: "pieces",
        tags: ["chair", "cane", "furniture"],
        specs: { material: "Iron, natural cane", seatHeight: "45 cm" },
      },
      {
        name: "Kundan Fashion Earrings",
        category: "fashion-jewellery",
        picture: "Jewellery",
        description: "Gold-plated brass earrings set with kundan glass and faux pearls, nickel-free, on branded cards.",
        price: [2.4, 3.8],
        moq: 300,
        unit: "pieces",
        tags: ["earrings", "jewelry", "kundan", "fashion jewellery"],
        specs: { material: "Brass, gold plating, kundan glass", finish: "nickel-free" },
      },
      {
        name: "925 Sterling Silver Stacking Bangles",
        category: "silver-jewellery",
        picture: "Jewellery",
        description: "Hallmarked 925 silver bangles, hammered and polished, sold in sets of three. Sizes 2.4 to 2.8.",
        price: [14, 19],
        moq: 100,
        unit: "sets",
        tags: ["bangle", "bracelet", "sterling silver", "jewelry"],
        specs: { material: "925 sterling silver", weight: "18 g a set" },
        hsCode: "7113115000",
        originPort: "INBOM",
      },
      {
        name: "Oxidised Silver Jhumka Earrings",
        category: "silver-jewellery",
        picture: "Jewellery",
        description: "Temple-style jhumkas in oxidised 925 silver, a best seller for boho and festival ranges.",
        price: [9, 12.5],
        moq: 100,
        unit: "pieces",
        tags: ["earrings", "jhumka", "silver", "jewelry"],
        specs: { material: "925 silver, oxidised", length: "5 cm" },
      },
      {
        name: "Natural Ruby Cabochons, Calibrated",
        category: "coloured-gemstones",
        picture: "Gemstones",
        description:
          "Heated rubies cut and polished in Jaipur, calibrated 4 to 8 mm, sold by the carat with lot photos.",
        price: [6, 15],
        moq: 100,
        unit: "pieces",
        tags: ["ruby", "gemstone", "cabochon", "loose stones"],
        specs: { material: "Natural ruby (heated)", sizes: "4-8 mm" },
      },
      {
        name: "Rose Quartz Gemstone Bead Strands",
        category: "pearls-and-beads",
        picture: "Gemstones",
        description: "Smooth round rose quartz beads, 8 mm, on 15.5 in strands, for jewellery makers and craft retail.",
        price: [3.2, 4.5],
        moq: 200,
        unit: "pieces",
        tags: ["beads", "rose quartz", "gemstone", "jewelry making"],
        specs: { material: "Rose quartz", size: "8 mm, 15.5 in strand" },
      },
      {
        name: "Handmade Leather Mojari Juttis",
        category: "footwear",
        picture: "Footwear",
        description: "Vegetable-tanned leather juttis with hand embroidery, cushioned insole, US sizes 5 to 11.",
        price: [11, 16],
        moq: 120,
        unit: "pieces",
        tags: ["mojari", "jutti", "leather", "footwear"],
        specs: { material: "Vegetable-tanned leather", sizes: "US 5-11" },
      },
      {
        name: "Camel Leather Messenger Bags",
        category: "leather-bags-and-wallets",
        picture: "Leather Bags",
        description: "Full-grain leather messenger bags with brass hardware and a cotton lining, 14 in laptop sleeve.",
        price: [28, 38],
        moq: 50,
        unit: "pieces",
        tags: ["leather bag", "messenger", "leather goods"],
        specs: { material: "Full-grain leather, brass", size: "15 x 11 x 4 in" },
      },
      {
        name: "Sanganeri Handmade Cotton Rag Paper, A4",
        category: "handmade-paper",
        picture: "Paper",
        description:
          "Acid-free paper made by hand from cotton rag in Sanganer, deckle edged, 150 GSM, packs of 100 sheets.",
        price: [9, 12],
        moq: 100,
        unit: "sets",
        tags: ["handmade paper", "cotton rag", "stationery"],
        specs: { material: "Cotton rag", gsm: "150", size: "A4" },
      },
      {
        name: "Leather-Bound Handmade Paper Journals",
        category: "stationery",
        picture: "Journals",
        description:
          "Journals of 200 pages of handmade paper, hand-stitched in a tooled leather cover with a wrap tie.",
        price: [5.5, 8],
        moq: 200,
        unit: "pieces",
        tags: ["journal", "notebook", "handmade paper", "stationery"],
        specs: { material: "Handmade paper, leather cover", pages: "200" },
      },
      {
        name: "Block-Printed Kraft Paper Gift Bags",
        category: "packaging",
        picture: "Packaging",
        description:
          "Kraft paper gift bags with hand block prints and cotton rope handles, in three sizes, for retail packaging.",
        price: [0.45, 0.9],
        moq: 2000,
        unit: "pieces",
        tags: ["paper bags", "kraft", "gift packaging"],
        specs: { material: "Kraft paper, cotton rope", sizes: "S, M, L" },
      },
    ],
  },
];

/** Hours between two demo products' listing times: the whole catalogue fits in 28 days (New Arrivals: 30). */
const LISTING_STEP_HOURS = Math.floor(
  (28 * 24) / (Math.max(...SUPPLIERS.map((s) => s.products.length)) * SUPPLIERS.length),
);

const BUYERS: DemoBuyer[] = [
  {
    key: "brooklyn",
    timeZone: "America/New_York",
    email: "sarah@brooklyn-home-goods.example",
    fullName: "Sarah Mitchell",
    companyName: "Brooklyn Home Goods LLC",
    phone: "+1 718 555 0142",
    verificationStatus: "verified",
  },
  {
    key: "lonestar",
    timeZone: "America/Chicago",
    email: "michael@lonestar-auto.example",
    fullName: "Michael Torres",
    companyName: "Lone Star Auto Supply Inc.",
    phone: "+1 713 555 0187",
    verificationStatus: "verified",
  },
  {
    key: "pacific",
    timeZone: "America/Los_Angeles",
    email: "jennifer@pacific-fresh-foods.example",
    fullName: "Jennifer Park",
    companyName: "Pacific Fresh Foods Co.",
    phone: "+1 510 555 0163",
    verificationStatus: "pending",
  },
];

const RFQS: DemoRfq[] = [
  {
    buyer: "pacific",
    title: "Tellicherry black pepper, TGSEB, 10 tons",
    description:
      "Quarterly contract for extra-bold black pepper for our private-label grinder jars. Steam-sterilised product only; we need a sample before the first container.",
    category: "spices-and-food",
    quantity: 10,
    unit: "tons",
    budget: [78000, 95000],
    deadlineInDays: 3,
    postedDaysAgo: 9,
    deliveryLocation: "Oakland, CA",
    details:
      'Grade: TGSEB (4.75 mm and above)\nMoisture: 12% max\nPacking: 25 kg "food-grade" PP bags with liners\nDocuments: COA, phytosanitary certificate, FDA prior notice',
    quotes: [
      {
        supplier: "malabar",
        price: 86500,
        deliveryTimeline: "Ships within 3 weeks of PO; about 30 days sea freight to Oakland",
        terms: "30% advance, 70% against bill of lading. CIF Oakland.",
        daysAfterPosting: 2,
      },
    ],
  },
  {
    buyer: "lonestar",
    title: "Ceramic brake pads for light trucks, 2,000 sets",
    description:
      "Looking for an IATF-certified supplier of ceramic front brake pads for F-150, Silverado and Ram 1500 applications, boxed under our brand.",
    category: "auto-components",
    quantity: 2000,
    unit: "sets",
    budget: [16000, 22000],
    deadlineInDays: 6,
    postedDaysAgo: 5,
    deliveryLocation: "Houston, TX",
    details:
      'Applications: 2015-2023 Ford F-150, Chevrolet Silverado 1500, Ram 1500\nMust include shims and clips\nBox artwork: our "LSX Pro" design, supplied as PDF',
    quotes: [
      {
        supplier: "deccan",
        price: 17400,
        deliveryTimeline: "45 days after artwork approval",
        terms: "Net 30 after first order. FOB Nhava Sheva.",
        daysAfterPosting: 1,
      },
    ],
  },
  {
    buyer: "brooklyn",
    title: "Organic cotton bath towels, 600 GSM",
    description:
      "Spring collection of bath towels in six colours for our stores and online shop. GOTS certification is required; custom woven labels preferred.",
    category: "home-textiles",
    quantity: 5000,
    unit: "pieces",
    budget: [21000, 32000],
    deadlineInDays: 12,
    postedDaysAgo: 4,
    deliveryLocation: "Brooklyn, NY",
    details:
      'Size: 70 x 140 cm ("bath" size)\nColours: white, oat, sage, clay, slate, navy\nLabel: woven, "Brooklyn Home Goods" logo\nPacking: 4 per polybag, 40 per carton',
    quotes: [
      {
        supplier: "shakti",
        price: 26500,
        deliveryTimeline: "60 days including lab dips and approval",
        terms: "Lab dips in 10 days. 40% advance, balance before shipment.",
        daysAfterPosting: 1,
      },
    ],
  },
  {
    buyer: "pacific",
    title: "Food-grade citric acid anhydrous, 20 tons",
    description:
      "Citric acid for our beverage and sauce lines. We need a supplier who can ship monthly in 25 kg bags with full documentation.",
    category: "chemicals",
    quantity: 20,
    unit: "tons",
    budget: [20000, 28000],
    deadlineInDays: 20,
    postedDaysAgo: 3,
    deliveryLocation: "Seattle, WA",
    details: null,
    quotes: [
      {
        supplier: "sabarmati",
        price: 24600,
        deliveryTimeline: "Monthly shipments of 5 tons, first lot in 4 weeks",
        terms: null,
        daysAfterPosting: 1,
      },
    ],
  },
  {
    buyer: "lonestar",
    title: "Three-phase induction motors, 5 HP, IE3",
    description:
      "Replacement motors for customer farm equipment and shop compressors. UL or CSA listing is a must; NEMA frame dimensions preferred.",
    category: "engineering-goods",
    quantity: 120,
    unit: "pieces",
    budget: [26000, 36000],
    deadlineInDays: 30,
    postedDaysAgo: 2,
    deliveryLocation: "Dallas, TX",
    details: 'Voltage: 230/460 V, 60 Hz\nEnclosure: TEFC\nFrame: NEMA 184T\nNameplate must read "Premium Efficiency"',
    quotes: [
      {
        supplier: "kovai",
        price: 31200,
        deliveryTimeline: "8 weeks from PO",
        terms: "Two-year warranty. FOB Chennai.",
        daysAfterPosting: 1,
      },
      {
        supplier: "nandi",
        price: 34800,
        deliveryTimeline: "10 weeks from PO, sourced from our motor partner",
        terms: "Includes VFD-ready wiring harness.",
        daysAfterPosting: 2,
      },
    ],
  },
  {
    buyer: "brooklyn",
    title: "LED panel lights 2x2 ft with UL-listed drivers",
    description:
      "Retrofit of our two warehouses and three stores. We want dimmable panels with selectable colour temperature and a five-year warranty.",
    category: "electronics",
    quantity: 1500,
    unit: "pieces",
    budget: [21000, 30000],
    deadlineInDays: 45,
    postedDaysAgo: 1,
    deliveryLocation: "Newark, NJ",
    details: null,
    quotes: [],
  },
];

/** Every demo account signs in with this password (listed in the README; demo data only). */
export const DEMO_PASSWORD = "SetuDemo!2026";
/**
 * Buyers' enquiries to Shakti Textiles about its products, with its replies: enough answered conversations
 * in the last 90 days for its store and cards to show "Usually replies within 2 hours" (and one still unanswered).
 */
const CONVERSATIONS: {
  buyer: string;
  supplier: string;
  product: number;
  daysAgo: number;
  replyAfterHours: number | null;
  question: string;
  answer: string;
}[] = [
  {
    buyer: "brooklyn",
    supplier: "shakti",
    product: 0,
    daysAgo: 4,
    replyAfterHours: 1.5,
    question: "Hi, could you do these towels in sage green for an order of 2,000 pieces?",
    answer:
      "Yes, sage green is one of our stock dyes. 2,000 pieces ship in about 25 days; I will send a lab dip this week.",
  },
  {
    buyer: "lonestar",
    supplier: "shakti",
    product: 1,
    daysAgo: 12,
    replyAfterHours: 3,
    question: "Do you have OEKO-TEX certificates for this fabric?",
    answer: "We do: OEKO-TEX Standard 100, class II. I have attached the certificate number to your RFQ.",
  },
  {
    buyer: "pacific",
    supplier: "shakti",
    product: 2,
    daysAgo: 20,
    replyAfterHours: 2,
    question: "What is your lead time for a repeat order every quarter?",
    answer: "For a standing quarterly order we keep yarn in reserve: 18 days from purchase order.",
  },
  {
    buyer: "brooklyn",
    supplier: "shakti",
    product: 3,
    daysAgo: 35,
    replyAfterHours: 5,
    question: "Can you print our label on the care tag?",
    answer: "Of course. Send the artwork as a PDF and we will make a sample tag.",
  },
  {
    buyer: "lonestar",
    supplier: "shakti",
    product: 4,
    daysAgo: 51,
    replyAfterHours: 0.8,
    question: "Is the MOQ per colour or per order?",
    answer: "Per order: you can split the MOQ over up to four colours.",
  },
  {
    buyer: "pacific",
    supplier: "shakti",
    product: 5,
    daysAgo: 2,
    replyAfterHours: null,
    question: "Could you quote for 5,000 aprons with our logo embroidered?",
    answer: "",
  },
];

export const DEMO_FX_RATE = {
  inrPerUsd: "88.4500",
  source: "fbil" as const,
  note: "Demo data: an example rate, not a published FBIL figure",
};

/** The demo buyers as others might learn of them: the crawl of public pages looks for these names (issue #41). */
export const DEMO_BUYER_NAMES: readonly { fullName: string; companyName: string }[] = BUYERS.map(
  ({ fullName, companyName }) => ({ fullName, companyName }),
);

export const DEMO_ADMIN = { email: "admin@setu.example", fullName: "Meera Iyer", companyName: "Setu Trust & Safety" };

/** The accounts the demo data creates, for giving them passwords and listing them in the README. */
export const DEMO_ACCOUNTS: readonly { email: string; role: "seller" | "buyer" | "admin"; company: string }[] = [
  ...SUPPLIERS.map((s) => ({ email: s.email, role: "seller" as const, company: s.companyName })),
  ...BUYERS.map((b) => ({ email: b.email, role: "buyer" as const, company: b.companyName })),
  { email: DEMO_ADMIN.email, role: "admin" as const, company: DEMO_ADMIN.companyName },
];

/** The demo suppliers' store names (tests tell the demo stores from the ones other tests create). */
export const DEMO_STORE_NAMES: readonly string[] = SUPPLIERS.map((s) => s.store.name);

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const FEATURED_PER_STORE = 3;

/** The demo's prices are written in dollars (0.65); read exactly into cents by money's one parser. */
function cents(usd: number): number {
  const minor = minorFromDecimalNumber(usd);
  if (minor === null) throw new RangeError(`not an amount: ${usd}`);
  return minor;
}

/** Loads the demo data into a database that has no profiles yet. Returns whether it did. */
/** Advisory lock key for seeding (the migration lock in app/db/client.server.ts is 7310452). */
const SEED_LOCK_KEY = 7310453;

const pictureList = (supplier: DemoSupplier) =>
  supplier.products.map((p) => ({
    category: supplier.category,
    subcategory: p.picture,
    color: supplier.store.primaryColor,
    motif: motifFor(p.name),
  }));

/** The demo's drawings, rendering (or read from `imageCacheDir`): every product's picture, every store's artwork. */
function drawDemoPictures(imageCacheDir?: string) {
  return {
    pictures: renderDemoPictures(SUPPLIERS.flatMap(pictureList), imageCacheDir),
    artwork: SUPPLIERS.map((supplier) =>
      renderStoreArtwork(supplier.store.primaryColor, supplier.category, pictureList(supplier), imageCacheDir),
    ),
  };
}

/**
 * Renders the demo's drawings into `imageCacheDir` (those not there yet): what a machine's first seed does besides
 * loading the data (decision record 0030).
 */
export async function drawDemoPicturesInto(imageCacheDir: string): Promise<void> {
  const { pictures, artwork } = drawDemoPictures(imageCacheDir);
  await Promise.all([pictures, ...artwork]);
}

/**
 * With `storage`, every demo product gets a picture and every demo store a logo and a hero banner (stored as
 * uploads of their suppliers). `imageCacheDir` keeps the rendered drawings for the next seed (decision record 0030).
 */
export async function seedDemoDataIfEmpty(db: Db, storage?: BlobStorage, imageCacheDir?: string): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles);
  if (row && row.n > 0) return false;
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // Several instances may start together on one new database: one seeds, the others wait and find it done.
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [again] = await tx.select({ n: sql<number>`count(*)::int` }).from(profiles);
    if (again && again.n > 0) return false;
    // Products' pictures and stores' logos and banners, rendered off the main thread while the suppliers go in;
    // stored once they have ids.
    const drawings = storage ? drawDemoPictures(imageCacheDir) : null;
    const pictures = drawings?.pictures ?? null;
    const artwork = drawings?.artwork ?? null;
    // awaited below: this only keeps a failure meanwhile from counting as unhandled
    pictures?.catch(() => {});
    artwork?.forEach((drawing) => drawing.catch(() => {}));
    const sellerIds = new Map<string, string>();
    const productLists: ProductOverrides[] = [];
    const storeBySeller = new Map<string, string>();

    for (const [supplierIndex, supplier] of SUPPLIERS.entries()) {
      const joined = ago((200 + supplierIndex * 30) * DAY_MS);
      const { user } = await createSeller(tx, {
        email: supplier.email,
        fullName: supplier.fullName,
        companyName: supplier.companyName,
        phone: supplier.phone,
        verificationStatus: "verified",
        createdAt: joined,
      });
      sellerIds.set(supplier.key, user.id);
      const images = storage && artwork ? await storeStoreArtwork(storage, user.id, await artwork[supplierIndex]!) : {};
      const store = await createStore(tx, {
        sellerId: user.id,
        ...supplier.store,
        ...images,
        verificationStatus: "verified",
        status: "active",
        sections: [
          {
            id: "featured-products",
            type: "product-section",
            order: 0,
            title: "Featured Products",
            show_featured: true,
            product_limit: 8,
          },
        ],
        createdAt: new Date(joined.getTime() + DAY_MS),
      });
      storeBySeller.set(user.id, store.id);
      for (const [productIndex, product] of supplier.products.entries()) {
        productLists.push({
          sellerId: user.id,
          name: product.name,
          description: product.description,
          ...splitCategory(product.category)!,
          tags: product.tags,
          priceMinCents: cents(product.price[0]),
          priceMaxCents: cents(product.price[1]),
          minimumOrderQuantity: product.moq,
          unit: product.unit,
          hsCode: product.hsCode ?? null,
          material: product.material ?? product.specs.material ?? null,
          manufacturer: product.manufacturer ?? null,
          originPort: product.originPort ?? null,
          specifications: { brand: supplier.brand, ...product.specs, origin: "India" },
          status: "active",
          // Interleaved so that "newest first" shows a mix of suppliers, all within New Arrivals' 30 days.
          createdAt: ago(((productIndex * SUPPLIERS.length + supplierIndex) * LISTING_STEP_HOURS + 1) * HOUR_MS),
        });
      }
    }

    if (storage && pictures) {
      const rendered = await pictures;
      const urls = await storeDemoPictures(
        storage,
        rendered.map((picture, i) => ({ ...picture, sellerId: productLists[i]!.sellerId })),
      );
      productLists.forEach((product, i) => (product.images = [urls[i]!]));
    }
    const created = await createProducts(tx, productLists);
    const demoProducts = SUPPLIERS.flatMap((supplier) => supplier.products);
    const tiers = created.flatMap((product, i) =>
      (demoProducts[i]!.tiers ?? []).map(([minQuantity, usd]) => ({
        productId: product.id,
        minQuantity,
        unitPriceCents: cents(usd),
      })),
    );
    if (tiers.length) await tx.insert(productPriceTiers).values(tiers);
    const positionInStore = new Map<string, number>();
    await addProductsToStore(
      tx,
      created.map((product) => {
        const displayOrder = positionInStore.get(product.sellerId) ?? 0;
        positionInStore.set(product.sellerId, displayOrder + 1);
        return {
          storeId: storeBySeller.get(product.sellerId)!,
          productId: product.id,
          displayOrder,
          featured: displayOrder < FEATURED_PER_STORE,
        };
      }),
    );

    const buyerIds = new Map<string, string>();
    for (const [buyerIndex, buyer] of BUYERS.entries()) {
      const { user } = await createBuyer(tx, {
        email: buyer.email,
        fullName: buyer.fullName,
        companyName: buyer.companyName,
        phone: buyer.phone,
        verificationStatus: buyer.verificationStatus,
        createdAt: ago((60 + buyerIndex * 15) * DAY_MS),
      });
      buyerIds.set(buyer.key, user.id);
    }

    const admin = await createBuyer(tx, {
      email: DEMO_ADMIN.email,
      fullName: DEMO_ADMIN.fullName,
      companyName: DEMO_ADMIN.companyName,
      verificationStatus: "verified",
      createdAt: ago(400 * DAY_MS),
    });
    await tx.update(userTable).set({ role: "admin" }).where(eq(userTable.id, admin.user.id));
    for (const id of [...sellerIds.values(), ...buyerIds.values(), admin.user.id])
      await addPasswordLogin(tx, id, passwordHash);
    // an INR/USD rate in force, so that suppliers can quote in rupees from the start
    await tx
      .insert(fxRates)
      .values({ ...DEMO_FX_RATE, rateDate: dateFromToday(-2), createdBy: admin.user.id, createdAt: ago(2 * DAY_MS) });

    const rfqRows = await createRfqs(
      tx,
      RFQS.map((rfq) => ({
        buyerId: buyerIds.get(rfq.buyer)!,
        title: rfq.title,
        description: rfq.description,
        category: rfq.category,
        quantity: rfq.quantity,
        unit: rfq.unit,
        budgetMinCents: cents(rfq.budget[0]),
        budgetMaxCents: cents(rfq.budget[1]),
        deadline: dateFromToday(rfq.deadlineInDays),
        timeZone: BUYERS.find((b) => b.key === rfq.buyer)!.timeZone,
        deliveryLocation: rfq.deliveryLocation,
        specifications: rfq.details === null ? null : { details: rfq.details },
        status: "published",
        createdAt: ago(rfq.postedDaysAgo * DAY_MS),
      })),
    );
    const rfqIdByTitle = new Map(rfqRows.map((r) => [r.title, r.id]));

    const quotes: QuoteOverrides[] = RFQS.flatMap((rfq) =>
      rfq.quotes.map((quote) => ({
        rfqId: rfqIdByTitle.get(rfq.title)!,
        sellerId: sellerIds.get(quote.supplier)!,
        priceCents: cents(quote.price),
        quantity: quote.quantity ?? rfq.quantity,
        deliveryTimeline: quote.deliveryTimeline,
        terms: quote.terms,
        status: "submitted",
        createdAt: ago((rfq.postedDaysAgo - quote.daysAfterPosting) * DAY_MS + HOUR_MS),
      })),
    );
    await createQuotes(tx, quotes);
    // the demo RFQs were matched to suppliers when they were posted (issue #23): "Matched for you" is not empty
    for (const rfq of rfqRows) {
      const matches = await rankSuppliersForRfq(tx, rfq.id);
      if (matches.length)
        await tx.insert(rfqMatches).values(
          matches.map((m) => ({
            rfqId: rfq.id,
            sellerId: m.sellerId,
            score: m.score,
            productNames: m.productNames,
            createdAt: rfq.createdAt,
          })),
        );
    }

    const productsBySeller = Map.groupBy(created, (product) => product.sellerId);
    for (const talk of CONVERSATIONS) {
      const sellerId = sellerIds.get(talk.supplier)!;
      const product = productsBySeller.get(sellerId)![talk.product]!;
      const asked = ago(talk.daysAgo * DAY_MS);
      const history: HistoryMessage[] = [{ from: "buyer", at: asked, body: talk.question }];
      if (talk.replyAfterHours !== null)
        history.push({
          from: "seller",
          at: new Date(asked.getTime() + talk.replyAfterHours * HOUR_MS),
          body: talk.answer,
        });
      const last = history.at(-1)!.at;
      await createConversation(tx, {
        buyerId: buyerIds.get(talk.buyer)!,
        sellerId,
        subjectType: "product",
        subjectId: product.id,
        messages: history,
        buyerReadAt: last,
        sellerReadAt: talk.replyAfterHours === null ? null : last,
      });
    }
    // a verified supplier's registration, export and bank details (/profile; export documents print them)
    await tx.insert(sellerBusinessDetails).values({
      userId: sellerIds.get("shakti")!,
      legalName: "Shakti Textiles Private Limited",
      registeredAddress: "45 Kumaran Road, Tiruppur 641601, Tamil Nadu, India",
      gstin: "33AAKCS4821M1Z3",
      iec: "AAKCS4821M",
      registrationNumber: "U17120TZ2009PTC015432",
      lutReference: "AD3303240098765",
      lutValidUntil: `${new Date(now).getUTCFullYear() + 1}-03-31`,
      bankAccountName: "Shakti Textiles Pvt Ltd",
      bankName: "State Bank of India, Tiruppur Main",
      bankAccountNumber: "32145678901",
      bankIfsc: "SBIN0000929",
      bankSwift: "SBININBB474",
    });
    await tx.insert(sellerBusinessDetails).values([
      {
        userId: sellerIds.get("malabar")!,
        legalName: "Malabar Spice Exports Private Limited",
        registeredAddress: "Door 21/604, Willingdon Island, Kochi 682003, Kerala, India",
        gstin: "32AAGCM7314K1Z8",
        iec: "AAGCM7314K",
        registrationNumber: "U51909KL2011PTC028811",
        lutReference: "AD3203240045671",
        lutValidUntil: `${new Date(now).getUTCFullYear() + 1}-03-31`,
        bankAccountName: "Malabar Spice Exports Pvt Ltd",
        bankName: "Federal Bank, Kochi Main",
        bankAccountNumber: "14560200008812",
        bankIfsc: "FDRL0001456",
        bankSwift: "FDRLINBBIBD",
      },
      {
        userId: sellerIds.get("deccan")!,
        legalName: "Deccan Auto Components Private Limited",
        registeredAddress: "Plot 37, MIDC Bhosari, Pune 411026, Maharashtra, India",
        gstin: "27AAECD5521P1Z4",
        iec: "AAECD5521P",
        registrationNumber: "U34300PN2006PTC022417",
        lutReference: null,
        bankAccountName: "Deccan Auto Components Pvt Ltd",
        bankName: "Bank of Maharashtra, Bhosari",
        bankAccountNumber: "60211345678",
        bankIfsc: "MAHB0000871",
        bankSwift: "MAHBINBBPUN",
      },
    ]);
    return seedDemoOrders(tx, sellerIds, buyerIds);
  });
  if (!seeded) return false;
  // the demo orders' export documents, issued as the job issues them when an order reaches each stage
  if (storage)
    for (const { orderId, stages } of seeded)
      for (const stage of stages) await generateOrderDocuments(db, storage, orderId, stage);
  return true;
}
