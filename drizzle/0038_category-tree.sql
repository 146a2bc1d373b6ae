ALTER TABLE "products" DROP CONSTRAINT "products_category_check";--> statement-breakpoint
ALTER TABLE "rfqs" DROP CONSTRAINT "rfqs_category_check";--> statement-breakpoint
-- Hand-edited (issue #41.2, decision record 0051): the generated statements swap the category checks for the
-- category tree's; between the drops and the new checks, every existing row is moved onto the tree, nothing lost:
--   machinery -> engineering-goods, automotive -> auto-components, food -> spices-and-food, chemicals and
--   electronics keep their slugs; textiles -> home-textiles when the product's name, subcategory or tags (an RFQ's
--   title or description) name a home textile (towel, bedding, cushion, curtain, rug, quilt, table linen, bath mat
--   ...), otherwise apparel-and-textiles;
--   a product's free-text subcategory becomes the tree's subcategory of its category with that slug or label (any
--   case); any other text is kept as a tag (when not already one) and the subcategory is left empty;
--   a store's category labels become slugs in their order (Jewelry -> jewellery, Medical Equipment ->
--   pharmaceuticals, Food & Beverages -> spices-and-food, ...; Textiles -> the textile categories its own products
--   went to, apparel-and-textiles when none); a value the form never offered is kept as it is;
--   a muted category follows its RFQs (a muted textiles mutes both textile categories).
UPDATE "products" SET "category" = CASE "category"
    WHEN 'machinery' THEN 'engineering-goods'
    WHEN 'automotive' THEN 'auto-components'
    WHEN 'food' THEN 'spices-and-food'
    ELSE CASE WHEN lower("name" || ' ' || coalesce("subcategory", '') || ' ' || array_to_string("tags", ' ')) ~ '\m(towel|bed ?sheets?|bedding|bedspread|bed linen|pillow|cushion|curtain|drape|rugs?|carpet|dhurrie|durrie|quilt|duvet|blanket|throws?|table ?cloth|table linen|napkin|placemat|bath ?mats?|doormat|home textiles?|home furnishing)'
      THEN 'home-textiles' ELSE 'apparel-and-textiles' END
  END
  WHERE "category" IN ('machinery', 'automotive', 'food', 'textiles');--> statement-breakpoint
WITH "tree" ("parent", "slug", "label") AS (VALUES
    ('apparel-and-textiles', 'womens-wear', 'Women''s Wear'),
    ('apparel-and-textiles', 'mens-wear', 'Men''s Wear'),
    ('apparel-and-textiles', 'kids-wear', 'Kids'' Wear'),
    ('apparel-and-textiles', 'fabrics-and-yarn', 'Fabrics & Yarn'),
    ('apparel-and-textiles', 'bags-and-accessories', 'Bags & Accessories'),
    ('home-textiles', 'bath-linen', 'Towels & Bath Linen'),
    ('home-textiles', 'bed-linen', 'Bed Linen'),
    ('home-textiles', 'rugs-and-carpets', 'Rugs & Carpets'),
    ('home-textiles', 'cushions-and-throws', 'Cushions & Throws'),
    ('home-textiles', 'kitchen-and-table-linen', 'Kitchen & Table Linen'),
    ('home-textiles', 'pet-accessories', 'Pet Beds & Toys'),
    ('handicrafts', 'metal-crafts', 'Brass & Metal Crafts'),
    ('handicrafts', 'wood-crafts', 'Woodcrafts'),
    ('handicrafts', 'pottery-and-ceramics', 'Pottery & Ceramics'),
    ('handicrafts', 'stone-and-marble-crafts', 'Stone & Marble Crafts'),
    ('handicrafts', 'textile-crafts', 'Embroidery & Textile Crafts'),
    ('home-decor', 'planters-and-vases', 'Planters & Vases'),
    ('home-decor', 'candles-and-lighting', 'Candles & Lamps'),
    ('home-decor', 'wall-decor', 'Wall Décor & Mirrors'),
    ('home-decor', 'kitchen-and-dining', 'Kitchen & Dining'),
    ('furniture', 'wooden-furniture', 'Wooden Furniture'),
    ('furniture', 'metal-furniture', 'Metal Furniture'),
    ('furniture', 'cane-and-rattan', 'Cane & Rattan'),
    ('furniture', 'outdoor-furniture', 'Outdoor Furniture'),
    ('jewellery', 'fashion-jewellery', 'Fashion Jewellery'),
    ('jewellery', 'silver-jewellery', 'Silver Jewellery'),
    ('jewellery', 'gold-and-diamond-jewellery', 'Gold & Diamond Jewellery'),
    ('gems', 'diamonds', 'Diamonds'),
    ('gems', 'coloured-gemstones', 'Coloured Gemstones'),
    ('gems', 'pearls-and-beads', 'Pearls & Beads'),
    ('leather-goods', 'leather-bags-and-wallets', 'Bags & Wallets'),
    ('leather-goods', 'footwear', 'Footwear'),
    ('leather-goods', 'belts-and-small-leather-goods', 'Belts & Small Leather Goods'),
    ('leather-goods', 'leather-garments', 'Leather Garments'),
    ('spices-and-food', 'spices', 'Spices & Spice Blends'),
    ('spices-and-food', 'tea-and-coffee', 'Tea & Coffee'),
    ('spices-and-food', 'rice-and-grains', 'Rice, Grains & Pulses'),
    ('spices-and-food', 'nuts-and-dried-fruit', 'Nuts & Dried Fruit'),
    ('spices-and-food', 'edible-oils', 'Edible Oils'),
    ('spices-and-food', 'snacks-and-processed-food', 'Snacks & Processed Food'),
    ('chemicals', 'dyes-and-pigments', 'Dyes & Pigments'),
    ('chemicals', 'industrial-chemicals', 'Industrial Chemicals'),
    ('chemicals', 'specialty-chemicals', 'Specialty Chemicals'),
    ('chemicals', 'food-additives', 'Food Additives'),
    ('chemicals', 'essential-oils-and-cosmetics', 'Essential Oils & Cosmetics'),
    ('pharmaceuticals', 'generic-medicines', 'Generic Medicines'),
    ('pharmaceuticals', 'ayurvedic-and-herbal', 'Ayurvedic & Herbal'),
    ('pharmaceuticals', 'medical-supplies', 'Medical Supplies & Devices'),
    ('engineering-goods', 'pumps-and-motors', 'Pumps & Motors'),
    ('engineering-goods', 'machine-tools', 'Machine Tools'),
    ('engineering-goods', 'industrial-machinery', 'Industrial Machinery'),
    ('engineering-goods', 'hand-tools-and-hardware', 'Hand Tools & Hardware'),
    ('auto-components', 'engine-parts', 'Engine Parts & Filters'),
    ('auto-components', 'brakes-and-transmission', 'Brakes & Transmission'),
    ('auto-components', 'suspension-and-steering', 'Suspension, Steering & Bearings'),
    ('auto-components', 'auto-electricals', 'Auto Electricals & Cooling'),
    ('electronics', 'lighting', 'LED Lighting'),
    ('electronics', 'electronic-components', 'Components & PCB Assembly'),
    ('electronics', 'consumer-electronics', 'Consumer Electronics'),
    ('electronics', 'power-and-solar', 'Power, Batteries & Solar'),
    ('electronics', 'instruments-and-security', 'Instruments & Security'),
    ('paper-and-packaging', 'handmade-paper', 'Handmade Paper'),
    ('paper-and-packaging', 'stationery', 'Stationery & Journals'),
    ('paper-and-packaging', 'packaging', 'Paper Bags & Packaging')
),
"old" AS (
  SELECT p."id", p."category", trim(p."subcategory") AS "text",
    (SELECT t."slug" FROM "tree" t WHERE t."parent" = p."category"
      AND lower(trim(p."subcategory")) IN (t."slug", lower(t."label")) LIMIT 1) AS "slug"
  FROM "products" p WHERE p."subcategory" IS NOT NULL
)
UPDATE "products" p SET
  "subcategory" = "old"."slug",
  "tags" = CASE WHEN "old"."slug" IS NULL AND "old"."text" <> ''
      AND NOT EXISTS (SELECT 1 FROM unnest(p."tags") tag WHERE lower(tag) = lower("old"."text"))
    THEN p."tags" || "old"."text" ELSE p."tags" END
  FROM "old" WHERE p."id" = "old"."id";--> statement-breakpoint
WITH "old" AS (
  SELECT s."id", c."value", c."ord" FROM "stores" s, unnest(s."categories") WITH ORDINALITY AS c("value", "ord")
),
"mapped" AS (
  SELECT "old"."id", "old"."ord", m."slug" FROM "old", LATERAL unnest(CASE "old"."value"
      WHEN 'Electronics' THEN ARRAY['electronics']
      WHEN 'Machinery' THEN ARRAY['engineering-goods']
      WHEN 'Automotive' THEN ARRAY['auto-components']
      WHEN 'Chemicals' THEN ARRAY['chemicals']
      WHEN 'Food & Beverages' THEN ARRAY['spices-and-food']
      WHEN 'Furniture' THEN ARRAY['furniture']
      WHEN 'Handicrafts' THEN ARRAY['handicrafts']
      WHEN 'Jewelry' THEN ARRAY['jewellery']
      WHEN 'Home Decor' THEN ARRAY['home-decor']
      WHEN 'Medical Equipment' THEN ARRAY['pharmaceuticals']
      WHEN 'Textiles' THEN coalesce(
        (SELECT array_agg(DISTINCT p."category" ORDER BY p."category") FROM "store_products" sp
          JOIN "products" p ON p."id" = sp."product_id"
          WHERE sp."store_id" = "old"."id" AND p."category" IN ('apparel-and-textiles', 'home-textiles')),
        ARRAY['apparel-and-textiles'])
      ELSE ARRAY["old"."value"]
    END) AS m("slug")
),
"kept" AS (SELECT "id", "slug", min("ord") AS "ord" FROM "mapped" GROUP BY "id", "slug")
UPDATE "stores" s SET "categories" = (SELECT array_agg(k."slug" ORDER BY k."ord", k."slug") FROM "kept" k WHERE k."id" = s."id")
  WHERE s."id" IN (SELECT "id" FROM "kept");--> statement-breakpoint
UPDATE "rfqs" SET "category" = CASE "category"
    WHEN 'machinery' THEN 'engineering-goods'
    WHEN 'automotive' THEN 'auto-components'
    WHEN 'food' THEN 'spices-and-food'
    ELSE CASE WHEN lower("title" || ' ' || "description") ~ '\m(towel|bed ?sheets?|bedding|bedspread|bed linen|pillow|cushion|curtain|drape|rugs?|carpet|dhurrie|durrie|quilt|duvet|blanket|throws?|table ?cloth|table linen|napkin|placemat|bath ?mats?|doormat|home textiles?|home furnishing)'
      THEN 'home-textiles' ELSE 'apparel-and-textiles' END
  END
  WHERE "category" IN ('machinery', 'automotive', 'food', 'textiles');--> statement-breakpoint
INSERT INTO "muted_categories" ("seller_id", "category", "created_at")
  SELECT "seller_id", 'home-textiles', "created_at" FROM "muted_categories" WHERE "category" = 'textiles'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "muted_categories" SET "category" = CASE "category"
    WHEN 'machinery' THEN 'engineering-goods'
    WHEN 'automotive' THEN 'auto-components'
    WHEN 'food' THEN 'spices-and-food'
    ELSE 'apparel-and-textiles'
  END
  WHERE "category" IN ('machinery', 'automotive', 'food', 'textiles');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_subcategory_check" CHECK ("products"."subcategory" is null or "products"."category" || '/' || "products"."subcategory" in ('apparel-and-textiles/womens-wear', 'apparel-and-textiles/mens-wear', 'apparel-and-textiles/kids-wear', 'apparel-and-textiles/fabrics-and-yarn', 'apparel-and-textiles/bags-and-accessories', 'home-textiles/bath-linen', 'home-textiles/bed-linen', 'home-textiles/rugs-and-carpets', 'home-textiles/cushions-and-throws', 'home-textiles/kitchen-and-table-linen', 'home-textiles/pet-accessories', 'handicrafts/metal-crafts', 'handicrafts/wood-crafts', 'handicrafts/pottery-and-ceramics', 'handicrafts/stone-and-marble-crafts', 'handicrafts/textile-crafts', 'home-decor/planters-and-vases', 'home-decor/candles-and-lighting', 'home-decor/wall-decor', 'home-decor/kitchen-and-dining', 'furniture/wooden-furniture', 'furniture/metal-furniture', 'furniture/cane-and-rattan', 'furniture/outdoor-furniture', 'jewellery/fashion-jewellery', 'jewellery/silver-jewellery', 'jewellery/gold-and-diamond-jewellery', 'gems/diamonds', 'gems/coloured-gemstones', 'gems/pearls-and-beads', 'leather-goods/leather-bags-and-wallets', 'leather-goods/footwear', 'leather-goods/belts-and-small-leather-goods', 'leather-goods/leather-garments', 'spices-and-food/spices', 'spices-and-food/tea-and-coffee', 'spices-and-food/rice-and-grains', 'spices-and-food/nuts-and-dried-fruit', 'spices-and-food/edible-oils', 'spices-and-food/snacks-and-processed-food', 'chemicals/dyes-and-pigments', 'chemicals/industrial-chemicals', 'chemicals/specialty-chemicals', 'chemicals/food-additives', 'chemicals/essential-oils-and-cosmetics', 'pharmaceuticals/generic-medicines', 'pharmaceuticals/ayurvedic-and-herbal', 'pharmaceuticals/medical-supplies', 'engineering-goods/pumps-and-motors', 'engineering-goods/machine-tools', 'engineering-goods/industrial-machinery', 'engineering-goods/hand-tools-and-hardware', 'auto-components/engine-parts', 'auto-components/brakes-and-transmission', 'auto-components/suspension-and-steering', 'auto-components/auto-electricals', 'electronics/lighting', 'electronics/electronic-components', 'electronics/consumer-electronics', 'electronics/power-and-solar', 'electronics/instruments-and-security', 'paper-and-packaging/handmade-paper', 'paper-and-packaging/stationery', 'paper-and-packaging/packaging'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_check" CHECK ("products"."category" in ('apparel-and-textiles', 'home-textiles', 'handicrafts', 'home-decor', 'furniture', 'jewellery', 'gems', 'leather-goods', 'spices-and-food', 'chemicals', 'pharmaceuticals', 'engineering-goods', 'auto-components', 'electronics', 'paper-and-packaging'));--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_category_check" CHECK ("rfqs"."category" in ('apparel-and-textiles', 'home-textiles', 'handicrafts', 'home-decor', 'furniture', 'jewellery', 'gems', 'leather-goods', 'spices-and-food', 'chemicals', 'pharmaceuticals', 'engineering-goods', 'auto-components', 'electronics', 'paper-and-packaging'));
