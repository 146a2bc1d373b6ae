/**
 * The labelled evaluation set for RFQ → supplier matching (issue #23): a catalogue of suppliers, each selling a
 * few kinds of goods, and RFQs written the way buyers write them (other words than the product names: plurals,
 * synonyms, quantities, specifications), each labelled with the suppliers that should be matched: those that sell
 * the kind of goods the RFQ asks for. Labels come from the catalogue's construction, never from the matcher.
 */
import type { ProductCategory } from "../app/lib/categories";

export type Kind = {
  key: string;
  category: ProductCategory;
  /** what suppliers call the goods (product names; one per product a supplier lists) */
  products: string[];
  tags: string[];
  /** what buyers ask for: RFQ titles (each with its own description) */
  rfqs: Array<{ title: string; description: string }>;
};

export const KINDS: Kind[] = [
  {
    key: "bath-towels",
    category: "home-textiles",
    tags: ["towels", "bath", "terry"],
    products: ["Organic Cotton Bath Towels, 600 GSM", "Hotel Bath Towel, Dobby Border", "Zero-Twist Terry Bath Sheets"],
    rfqs: [
      { title: "Bath towels for a boutique hotel, 500 GSM", description: "White, dobby border, embroidered logo." },
      { title: "Organic bath towel sets", description: "GOTS certified, six colours, retail packed." },
      { title: "Terry towels for spa chain", description: "Plush, quick dry, 70 x 140 cm." },
      { title: "Cotton bath sheets, private label", description: "Oversized, for our home collection." },
    ],
  },
  {
    key: "bed-sheets",
    category: "home-textiles",
    tags: ["bedding", "sheets", "percale"],
    products: ["Cotton Percale Bedsheet Sets, 300 TC", "Sateen Fitted Sheets, Queen", "Linen Duvet Covers"],
    rfqs: [
      { title: "Percale bedsheets, queen and king", description: "300 thread count, deep pockets." },
      { title: "Bedding sets for furniture retailer", description: "Fitted sheet, flat sheet and two pillowcases." },
      { title: "Sateen sheet sets, private label", description: "Long-staple cotton, four colours." },
      { title: "Duvet covers in washed linen", description: "European sizes and US sizes." },
    ],
  },
  {
    key: "tote-bags",
    category: "home-textiles",
    tags: ["bags", "canvas", "jute"],
    products: ["Cotton Canvas Tote Bags", "Jute Shopping Bags with Handles", "Recycled Cotton Grocery Totes"],
    rfqs: [
      { title: "Canvas tote bags with our logo", description: "10 oz canvas, screen print, gusset." },
      { title: "Jute grocery bags", description: "Laminated inside, cotton handles." },
      { title: "Reusable shopping totes for supermarket", description: "Printed two colours." },
      { title: "Promotional tote bag order", description: "Natural colour, for a trade show." },
    ],
  },
  {
    key: "kurtis",
    category: "home-textiles",
    tags: ["apparel", "women", "kurti"],
    products: ["Block-Printed Cotton Kurtis", "Rayon Tunic Kurtis", "Embroidered Kurta Tops"],
    rfqs: [
      { title: "Block print kurtis for boutique", description: "Hand block printed, sizes S to XL." },
      { title: "Women's tunics in rayon", description: "Tunic tops with three-quarter sleeves." },
      { title: "Embroidered kurta tops", description: "Chikankari or similar embroidery." },
      { title: "Cotton kurtis, private label", description: "Summer collection, 8 prints." },
    ],
  },
  {
    key: "brake-pads",
    category: "auto-components",
    tags: ["brakes", "pads", "ceramic"],
    products: ["Ceramic Brake Pads for Light Trucks", "Semi-Metallic Disc Brake Pads", "Brake Shoes for Pickups"],
    rfqs: [
      { title: "Ceramic brake pads, 2,000 sets", description: "For F-150 and Silverado, IATF certified." },
      { title: "Disc brake pads for aftermarket", description: "Semi-metallic, low dust." },
      { title: "Brake pad sets for fleet vans", description: "OE equivalent, boxed with clips." },
      { title: "Brake shoes for pickup trucks", description: "Rear drum brakes." },
    ],
  },
  {
    key: "alternators",
    category: "auto-components",
    tags: ["electrical", "alternator", "starter"],
    products: [
      "Remanufactured Alternators, 12V",
      "Starter Motors for Diesel Engines",
      "Alternator Rectifier Assemblies",
    ],
    rfqs: [
      { title: "12V alternators for passenger cars", description: "New or remanufactured, 90 to 150 A." },
      { title: "Starter motors for diesel trucks", description: "Gear reduction starters." },
      { title: "Alternator rebuild kits and rectifiers", description: "For a remanufacturing shop." },
      { title: "Alternators and starters, mixed container", description: "Top 50 applications." },
    ],
  },
  {
    key: "forged-parts",
    category: "auto-components",
    tags: ["forging", "steel", "axle"],
    products: ["Forged Steel Axle Shafts", "Forged Crankshafts", "Drop-Forged Steering Knuckles"],
    rfqs: [
      { title: "Forged axle shafts for trailers", description: "Heat treated, machined splines." },
      { title: "Crankshafts for small engines", description: "Forged and machined to drawing." },
      { title: "Steering knuckles, drop forged", description: "Aftermarket, to OE drawings." },
      { title: "Closed-die forgings for drivetrain", description: "Axles and yokes." },
    ],
  },
  {
    key: "pumps",
    category: "engineering-goods",
    tags: ["pumps", "water", "irrigation"],
    products: ["Centrifugal Water Pumps", "Submersible Borewell Pumps", "Monoblock Irrigation Pumps"],
    rfqs: [
      { title: "Centrifugal pumps for irrigation", description: "5 HP, three phase." },
      { title: "Submersible well pumps", description: "For 4-inch boreholes, 1.5 HP." },
      { title: "Water pumps for farm supply stores", description: "Single phase, monoblock." },
      { title: "Irrigation pump sets, container load", description: "Mixed sizes." },
    ],
  },
  {
    key: "cnc-parts",
    category: "engineering-goods",
    tags: ["cnc", "machining", "precision"],
    products: ["CNC Machined Aluminium Housings", "Precision Turned Shafts", "Machined Brass Fittings"],
    rfqs: [
      { title: "CNC machined aluminium parts to drawing", description: "6061-T6, anodised." },
      { title: "Precision turned components", description: "Shafts and bushings, tolerance 0.01 mm." },
      { title: "Brass fittings, machined", description: "Hydraulic adapters." },
      { title: "Machining supplier for housings", description: "Gearbox housings, batch of 500." },
    ],
  },
  {
    key: "packaging-machines",
    category: "engineering-goods",
    tags: ["packaging", "sealing", "filling"],
    products: ["Automatic Pouch Packing Machines", "Band Sealing Machines", "Liquid Filling Machines"],
    rfqs: [
      { title: "Pouch packing machine for spices", description: "Auger filler, 50 to 500 g." },
      { title: "Continuous band sealer", description: "For laminated pouches." },
      { title: "Liquid filling machine, 4 heads", description: "For sauces and oils." },
      { title: "Packaging machinery for a snack plant", description: "Form fill seal." },
    ],
  },
  {
    key: "led-lights",
    category: "electronics",
    tags: ["led", "lighting", "bulbs"],
    products: ["LED Bulbs, 9W, E26", "LED Panel Lights, 2x2 ft", "Solar LED Street Lights"],
    rfqs: [
      { title: "LED bulbs for hardware chain", description: "9 W and 12 W, E26 base, UL listed." },
      { title: "LED panel lights for offices", description: "2 x 2 ft, 40 W, 4000 K." },
      { title: "Solar street lights", description: "All in one, 60 W." },
      { title: "LED lighting, private label", description: "Bulbs and tubes." },
    ],
  },
  {
    key: "pcb-assembly",
    category: "electronics",
    tags: ["pcb", "assembly", "smt"],
    products: [
      "PCB Assembly Services, SMT and THT",
      "Printed Circuit Boards, 4 Layer",
      "Box Build Electronics Assembly",
    ],
    rfqs: [
      { title: "PCB assembly for IoT device", description: "SMT, 2,000 boards, BOM attached." },
      { title: "Four layer printed circuit boards", description: "FR4, ENIG finish." },
      { title: "Box build assembly partner", description: "Enclosure, wiring and test." },
      { title: "Circuit board assembly, prototype then volume", description: "Turnkey." },
    ],
  },
  {
    key: "power-banks",
    category: "electronics",
    tags: ["chargers", "power bank", "usb"],
    products: ["Power Banks, 10000 mAh", "USB-C Wall Chargers, 20W", "Fast Charging Cables"],
    rfqs: [
      { title: "Power banks with custom branding", description: "10,000 mAh, USB-C PD." },
      { title: "USB-C chargers, 20 W", description: "UL certified, US plug." },
      { title: "Charging cables, braided", description: "USB-C to Lightning." },
      { title: "Mobile accessories: chargers and power banks", description: "For a retail chain." },
    ],
  },
  {
    key: "pigments",
    category: "chemicals",
    tags: ["pigments", "dyes", "colour"],
    products: ["Phthalocyanine Blue Pigment", "Reactive Dyes for Cotton", "Organic Pigment Powders"],
    rfqs: [
      { title: "Blue pigment for inks", description: "Phthalo blue 15:3." },
      { title: "Reactive dyes for textile mill", description: "For cotton dyeing, 25 kg drums." },
      { title: "Organic pigments for plastics", description: "Heat stable, red and yellow." },
      { title: "Dyes and pigments, regular supply", description: "Monthly orders." },
    ],
  },
  {
    key: "essential-oils",
    category: "chemicals",
    tags: ["essential oils", "aroma", "natural"],
    products: ["Peppermint Essential Oil", "Eucalyptus Oil, 80%", "Lemongrass Essential Oil"],
    rfqs: [
      { title: "Peppermint oil for cosmetics", description: "Steam distilled, COA required." },
      { title: "Eucalyptus essential oil, 200 kg", description: "Cineole 80%." },
      { title: "Essential oils for aromatherapy brand", description: "Lemongrass, mint, tea tree." },
      { title: "Natural lemongrass oil", description: "Bulk drums." },
    ],
  },
  {
    key: "surfactants",
    category: "chemicals",
    tags: ["surfactants", "detergent", "cleaning"],
    products: ["Sodium Lauryl Ether Sulphate (SLES)", "Linear Alkyl Benzene Sulphonic Acid", "Coco Betaine Surfactant"],
    rfqs: [
      { title: "SLES for detergent plant", description: "70%, 170 kg drums." },
      { title: "Sulphonic acid for cleaning products", description: "LABSA 96%." },
      { title: "Mild surfactants for shampoo", description: "Coco betaine." },
      { title: "Detergent raw materials", description: "Surfactant blend." },
    ],
  },
  {
    key: "pepper",
    category: "spices-and-food",
    tags: ["spices", "pepper", "black pepper"],
    products: ["Tellicherry Black Pepper, TGSEB", "Malabar Black Pepper", "White Pepper Powder"],
    rfqs: [
      { title: "Black pepper, bold grade, 10 tons", description: "Steam sterilised for grinder jars." },
      { title: "Tellicherry peppercorns", description: "TGSEB, ASTA cleaned." },
      { title: "White pepper powder for food service", description: "25 kg bags." },
      { title: "Pepper for private label spice line", description: "Whole and ground." },
    ],
  },
  {
    key: "turmeric",
    category: "spices-and-food",
    tags: ["spices", "turmeric", "curcumin"],
    products: ["Turmeric Powder, 3% Curcumin", "Turmeric Fingers, Salem", "Organic Turmeric Powder"],
    rfqs: [
      { title: "Turmeric powder with high curcumin", description: "At least 3 % curcumin, steam sterilised." },
      { title: "Organic turmeric for supplements", description: "USDA organic." },
      { title: "Turmeric fingers, whole", description: "Salem or Erode." },
      { title: "Ground turmeric for spice blends", description: "Monthly supply." },
    ],
  },
  {
    key: "basmati",
    category: "spices-and-food",
    tags: ["rice", "basmati", "grain"],
    products: ["1121 Basmati Rice, Steam", "Sella Basmati Rice", "Organic Brown Basmati"],
    rfqs: [
      { title: "Basmati rice for restaurants", description: "1121 steam, 10 kg bags." },
      { title: "Sella rice, container load", description: "Golden sella." },
      { title: "Organic brown basmati", description: "Retail packs." },
      { title: "Long grain basmati, private label", description: "Aged one year." },
    ],
  },
  {
    key: "cashews",
    category: "spices-and-food",
    tags: ["nuts", "cashew", "kernels"],
    products: ["Cashew Kernels W320", "Roasted Salted Cashews", "Cashew Splits"],
    rfqs: [
      { title: "Cashew kernels W320", description: "Vacuum packed tins." },
      { title: "Roasted cashews for snack brand", description: "Lightly salted." },
      { title: "Cashew pieces for bakery", description: "Splits and butts." },
      { title: "Cashew nuts, monthly contract", description: "W240 and W320." },
    ],
  },
  {
    key: "tea",
    category: "spices-and-food",
    tags: ["tea", "assam", "darjeeling"],
    products: ["Assam CTC Tea", "Darjeeling First Flush Tea", "Masala Chai Blend"],
    rfqs: [
      { title: "Assam CTC for chai cafes", description: "BOP grade." },
      { title: "Darjeeling tea, first flush", description: "Loose leaf, for a tea shop." },
      { title: "Masala chai blend, private label", description: "With cardamom and ginger." },
      { title: "Black tea for tea bags", description: "Fannings and dust." },
    ],
  },
  {
    key: "rugs",
    category: "home-textiles",
    tags: ["rugs", "carpets", "home decor"],
    products: ["Hand-Tufted Wool Rugs", "Flat-Weave Cotton Dhurries", "Jute Braided Rugs"],
    rfqs: [
      { title: "Wool rugs, hand tufted", description: "5 x 8 ft, modern designs." },
      { title: "Cotton dhurries for home store", description: "Flat woven, washable." },
      { title: "Jute rugs, natural", description: "Braided, round and rectangle." },
      { title: "Area rugs for furniture retailer", description: "Mixed sizes." },
    ],
  },
  {
    key: "gearboxes",
    category: "engineering-goods",
    tags: ["gearbox", "reducer", "drive"],
    products: ["Worm Gear Reducers", "Helical Gearboxes", "Planetary Gear Units"],
    rfqs: [
      { title: "Worm gear reducers for conveyors", description: "Ratio 30:1." },
      { title: "Helical gearbox for mixer", description: "15 kW." },
      { title: "Planetary gearboxes", description: "For winches." },
      { title: "Speed reducers, mixed order", description: "Worm and helical." },
    ],
  },
  {
    key: "cables",
    category: "electronics",
    tags: ["cables", "wires", "copper"],
    products: ["PVC Insulated Copper Wires", "Armoured Power Cables", "Coaxial Cables RG6"],
    rfqs: [
      { title: "Copper building wire", description: "PVC insulated, 2.5 sq mm." },
      { title: "Armoured power cables for solar farm", description: "XLPE, 4 core." },
      { title: "RG6 coaxial cable", description: "1000 ft reels." },
      { title: "Electrical wires and cables", description: "For a distributor." },
    ],
  },
  {
    key: "fertilizers",
    category: "chemicals",
    tags: ["fertilizer", "agro", "npk"],
    products: ["Water Soluble NPK 19-19-19", "Seaweed Extract Biostimulant", "Humic Acid Granules"],
    rfqs: [
      { title: "NPK 19-19-19 water soluble fertilizer", description: "25 kg bags." },
      { title: "Seaweed extract for growers", description: "Liquid biostimulant." },
      { title: "Humic acid for soil conditioner", description: "Granules." },
      { title: "Specialty fertilizers for greenhouse", description: "Water soluble NPK." },
    ],
  },
];

/**
 * The suppliers: 50, each selling 1 to 3 kinds of its category (a fixed, seeded choice so runs compare), three of
 * each kind's product names at most. About a third are verified.
 */
export function suppliers(): Array<{ name: string; verified: boolean; kinds: string[] }> {
  let seed = 20261125;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const byCategory = Map.groupBy(KINDS, (k) => k.category);
  const categories = [...byCategory.keys()];
  return Array.from({ length: 50 }, (_, i) => {
    const category = categories[i % categories.length]!;
    const kinds = [...byCategory.get(category)!].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * 3));
    return { name: `Eval Supplier ${i + 1}`, verified: random() < 0.35, kinds: kinds.map((k) => k.key) };
  });
}
