import type { ProductCategory, Unit } from "~/lib/categories";

/**
 * The words the benchmark catalogue is built from, per category. Every category has the same
 * number of entries in each list so the seed can index them as two-dimensional SQL arrays;
 * `checkVocabulary()` enforces that. Nouns come in four groups of six, one group per subcategory.
 */
export type CategoryWords = {
  category: ProductCategory;
  subcategories: [string, string, string, string];
  /** unit per subcategory */
  units: [Unit, Unit, Unit, Unit];
  nouns: string[];
  /** materials, grades or processes */
  materials: string[];
  adjectives: string[];
  applications: string[];
  /** words for supplier company names in this trade */
  trades: [string, string, string];
};

export const NOUNS_PER_SUBCATEGORY = 6;

export const CATEGORY_WORDS: CategoryWords[] = [
  {
    category: "electronics",
    subcategories: ["Components", "Lighting", "Power", "Cables & Wiring"],
    units: ["pieces", "pieces", "pieces", "meters"],
    nouns: [
      "Resistor", "Capacitor", "Microcontroller Board", "Relay Module", "Printed Circuit Board", "Sensor Module",
      "LED Panel Light", "LED Street Light", "Flood Light", "LED Bulb", "Tube Light", "Solar Garden Lamp",
      "Power Bank", "SMPS Power Supply", "Inverter", "Lithium Battery Pack", "Voltage Stabilizer", "USB Charger",
      "HDMI Cable", "Copper Wire", "Coaxial Cable", "Ethernet Cable", "Extension Board", "Wiring Harness",
    ],
    materials: ["Aluminium", "Copper", "ABS Plastic", "Polycarbonate", "FR4", "Silicone", "Tempered Glass", "PVC", "Brass", "Ceramic", "Stainless Steel", "Tinned Copper"],
    adjectives: ["High Efficiency", "Waterproof", "Compact", "Heavy Duty", "Energy Saving", "Smart", "Industrial Grade", "Low Voltage", "Portable", "Premium"],
    applications: ["home automation", "street lighting projects", "retail stores", "solar installations", "data centres", "OEM assembly", "consumer electronics brands", "telecom towers"],
    trades: ["Electronics", "Electricals", "Lighting Solutions"],
  },
  {
    category: "machinery",
    subcategories: ["Agricultural Machinery", "Packaging Machines", "Pumps & Compressors", "Machine Tools"],
    units: ["pieces", "sets", "pieces", "pieces"],
    nouns: [
      "Rotavator", "Power Tiller", "Seed Drill", "Chaff Cutter", "Paddy Thresher", "Water Sprinkler",
      "Pouch Packing Machine", "Shrink Wrapping Machine", "Carton Sealer", "Bottle Filling Machine", "Labelling Machine", "Vacuum Sealer",
      "Centrifugal Pump", "Submersible Pump", "Air Compressor", "Gear Pump", "Diaphragm Pump", "Monoblock Pump",
      "Lathe Machine", "Drilling Machine", "CNC Router", "Hydraulic Press", "Surface Grinder", "Band Saw",
    ],
    materials: ["Cast Iron", "Mild Steel", "Stainless Steel", "SS304", "SS316", "Carbon Steel", "Aluminium", "Ductile Iron", "Gunmetal", "Alloy Steel", "Bronze", "Galvanised Steel"],
    adjectives: ["Automatic", "Semi-Automatic", "Heavy Duty", "Hydraulic", "Pneumatic", "Electric", "Diesel Powered", "High Speed", "Precision", "Portable"],
    applications: ["food processing units", "farms and agriculture", "pharmaceutical plants", "fabrication workshops", "irrigation", "FMCG packaging lines", "construction sites", "water treatment plants"],
    trades: ["Engineering Works", "Machine Tools", "Industries"],
  },
  {
    category: "textiles",
    subcategories: ["Fabrics", "Apparel", "Home Textiles", "Yarns"],
    units: ["meters", "pieces", "sets", "kg"],
    nouns: [
      "Shirting Fabric", "Denim Fabric", "Dress Material", "Upholstery Fabric", "Canvas Fabric", "Knitted Fabric",
      "T-Shirts", "Polo Shirts", "Kurtis", "Sarees", "Hoodies", "Uniforms",
      "Bath Towels", "Bedsheet Sets", "Curtains", "Cushion Covers", "Table Runners", "Blankets",
      "Spun Yarn", "Filament Yarn", "Sewing Thread", "Embroidery Thread", "Blended Yarn", "Twine",
    ],
    materials: ["Cotton", "Organic Cotton", "Polyester", "Silk", "Linen", "Viscose", "Wool", "Jute", "Khadi", "Nylon", "Modal", "Bamboo"],
    adjectives: ["Handloom", "Printed", "Dyed", "Embroidered", "Organic", "Breathable", "Premium", "Lightweight", "Woven", "Block Printed"],
    applications: ["garment exporters", "hotels and hospitality", "retail chains", "fashion brands", "school uniforms", "home furnishing stores", "corporate gifting", "boutiques"],
    trades: ["Textiles", "Fabrics", "Exports"],
  },
  {
    category: "chemicals",
    subcategories: ["Dyes & Pigments", "Industrial Chemicals", "Agrochemicals", "Cleaning Chemicals"],
    units: ["kg", "tons", "liters", "liters"],
    nouns: [
      "Reactive Dye", "Disperse Dye", "Acid Dye", "Pigment Powder", "Optical Brightener", "Printing Binder",
      "Caustic Soda", "Sulphuric Acid", "Hydrogen Peroxide", "Sodium Silicate", "Isopropyl Alcohol", "Calcium Carbonate",
      "Organic Fertilizer", "Bio Pesticide", "Micronutrient Mix", "Plant Growth Regulator", "Seaweed Extract", "Humic Acid",
      "Floor Cleaner", "Dishwash Liquid", "Hand Sanitizer", "Degreaser", "Toilet Cleaner", "Laundry Detergent",
    ],
    materials: ["Technical Grade", "Food Grade", "Pharma Grade", "Powder", "Liquid", "Granules", "Flakes", "Concentrate", "Paste", "Crystals", "Emulsion", "Solution"],
    adjectives: ["High Purity", "Eco-Friendly", "Concentrated", "Water Soluble", "Industrial", "Biodegradable", "Fast Acting", "Low Odour", "Bulk", "Certified"],
    applications: ["textile processing", "water treatment plants", "agriculture", "paper mills", "housekeeping contracts", "laboratories", "paint manufacturers", "dyeing houses"],
    trades: ["Chemicals", "Chem Industries", "Dyestuffs"],
  },
  {
    category: "automotive",
    subcategories: ["Brakes", "Engine Parts", "Suspension", "Auto Electricals"],
    units: ["sets", "pieces", "pieces", "pieces"],
    nouns: [
      "Brake Pads", "Brake Discs", "Brake Shoes", "Brake Drums", "Brake Calipers", "Brake Hoses",
      "Pistons", "Crankshafts", "Gaskets", "Oil Filters", "Timing Belts", "Spark Plugs",
      "Shock Absorbers", "Leaf Springs", "Ball Joints", "Tie Rod Ends", "Coil Springs", "Bushings",
      "Headlamp Assembly", "Starter Motor", "Alternator", "Horn", "Wiper Motor", "Tail Light",
    ],
    materials: ["Forged Steel", "Cast Iron", "Aluminium Alloy", "Ceramic", "Rubber", "Carbon Steel", "Chrome Plated", "Polyurethane", "Copper", "Nylon", "Semi-Metallic", "Zinc Plated"],
    adjectives: ["OEM Quality", "Aftermarket", "Heavy Duty", "Precision", "Universal Fit", "Durable", "Genuine", "Performance", "Replacement", "Low Noise"],
    applications: ["passenger cars", "two-wheelers", "commercial vehicles", "tractors", "three-wheelers", "buses", "SUVs", "fleet operators"],
    trades: ["Auto Components", "Auto Parts", "Motors"],
  },
  {
    category: "food",
    subcategories: ["Spices", "Grains & Pulses", "Edible Oils", "Snacks & Beverages"],
    units: ["kg", "tons", "liters", "kg"],
    nouns: [
      "Turmeric Powder", "Red Chilli Powder", "Cumin Seeds", "Black Pepper", "Cardamom", "Garam Masala",
      "Basmati Rice", "Wheat Flour", "Toor Dal", "Chickpeas", "Millet", "Moong Dal",
      "Mustard Oil", "Groundnut Oil", "Coconut Oil", "Sesame Oil", "Sunflower Oil", "Ghee",
      "Tea", "Coffee Beans", "Namkeen", "Jaggery", "Honey", "Papad",
    ],
    materials: ["Organic", "Cold Pressed", "Sun Dried", "Stone Ground", "Unpolished", "Roasted", "Natural", "Farm Fresh", "Export Quality", "Handpicked", "Aged", "Raw"],
    adjectives: ["Kerala", "Assam", "Punjab", "Rajasthan", "Andhra", "Gujarat", "Karnataka", "Darjeeling", "Kashmiri", "Nagpur"],
    applications: ["restaurants and caterers", "retail packing", "exporters", "hotels", "food processors", "supermarkets", "sweet shops", "cloud kitchens"],
    trades: ["Agro Foods", "Spices", "Food Products"],
  },
];

/** Phrases any product description may carry. */
export const FEATURES = [
  "ISO 9001 certified", "BIS approved", "CE marked", "export packing available", "custom branding on request",
  "quality tested in-house", "ready stock", "bulk discounts available", "private labelling available", "samples on request",
  "made to order", "GST invoice provided", "pan-India delivery", "third-party inspection welcome", "warranty included",
  "dispatch within 7 working days",
];

export const CITIES = [
  "Mumbai", "Delhi", "Ahmedabad", "Surat", "Ludhiana", "Coimbatore", "Tiruppur", "Pune",
  "Chennai", "Kolkata", "Jaipur", "Rajkot", "Kanpur", "Indore", "Bengaluru", "Hyderabad",
];

export const SUPPLIER_KINDS = ["manufacturer", "exporter", "wholesaler", "trader"];

/** About 0.2% of products carry one of these words, so each one is rare (about 170 per million). */
export const RARE_WORDS = ["Graphene", "Kevlar", "Pashmina", "Titanium", "Saffron", "Tungsten", "Vetiver", "Teakwood", "Zirconia", "Mulberry", "Rosewood", "Cobalt"];

export const MOQS = [1, 5, 10, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];

/** Supplier company names: a family or place name, a trade word of the supplier's category, a legal suffix. */
export const COMPANY_PREFIXES = [
  "Sharma", "Patel", "Mehta", "Agarwal", "Iyer", "Reddy", "Kothari", "Bansal", "Jain", "Desai",
  "Shree Ganesh", "Bharat", "Om Sai", "Laxmi", "Kaveri", "Sahyadri", "Ganga", "Narmada", "Deccan", "Vindhya",
  "Malabar", "Konkan", "Shakti", "Surya", "Jyoti", "Annapurna", "Trimurti", "Gujarat", "Punjab", "Coromandel",
  "Gupta", "Chopra", "Malhotra", "Nair", "Pillai", "Rao", "Banerjee", "Mukherjee", "Singh", "Khanna",
];
export const COMPANY_SUFFIXES = ["Pvt. Ltd.", "LLP", "& Sons", "Ltd."];
export const FIRST_NAMES = ["Aarav", "Priya", "Rohan", "Ananya", "Vikram", "Sneha", "Arjun", "Kavya", "Rahul", "Meera", "Sanjay", "Pooja", "Amit", "Neha", "Karthik", "Divya"];
export const LAST_NAMES = ["Sharma", "Patel", "Mehta", "Agarwal", "Iyer", "Reddy", "Kothari", "Bansal", "Jain", "Desai", "Gupta", "Nair", "Rao", "Singh"];

/** Throws when the per-category lists differ in length (a SQL two-dimensional array must be rectangular). */
export function checkVocabulary() {
  const [first] = CATEGORY_WORDS;
  for (const words of CATEGORY_WORDS) {
    for (const key of ["nouns", "materials", "adjectives", "applications"] as const) {
      if (words[key].length !== first[key].length) throw new Error(`${words.category}: ${key} has ${words[key].length} entries, expected ${first[key].length}`);
    }
    if (words.nouns.length !== NOUNS_PER_SUBCATEGORY * words.subcategories.length) throw new Error(`${words.category}: nouns must be ${NOUNS_PER_SUBCATEGORY} per subcategory`);
  }
  const companies = COMPANY_PREFIXES.length * COMPANY_SUFFIXES.length * CATEGORY_WORDS.length * first.trades.length;
  return { companies };
}
