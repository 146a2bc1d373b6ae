import type { DemoRfq } from "./types";

/** The demo buyers' RFQs, with the quotes the demo suppliers sent. */
export const RFQS: DemoRfq[] = [
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
