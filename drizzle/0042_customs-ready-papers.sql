CREATE TABLE "hts_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"source" text NOT NULL,
	"as_of" date NOT NULL,
	CONSTRAINT "hts_codes_code_check" CHECK ("hts_codes"."code" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "goods_description" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "material" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "manufacturer" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notify_party" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vessel_or_flight" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "port_of_discharge" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "material" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "goods_description" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "material" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "manufacturer" text;--> statement-breakpoint
-- hand-edited: a product's material was a free specification; it becomes its own field, nothing lost.
UPDATE "products" SET "material" = left(btrim("specifications"->>'material'), 200)
WHERE "material" IS NULL AND jsonb_typeof("specifications"->'material') = 'string' AND btrim("specifications"->>'material') <> '';
--> statement-breakpoint
-- hand-edited: the HTSUS statistical lines of the goods Setu's demo trades in, from the USITC schedule; an administrator's
-- import of the USITC export adds every other line.
INSERT INTO "hts_codes" ("code", "description", "source", "as_of") VALUES
  ('6302600010', 'Toilet linen and kitchen linen, of terry toweling or similar terry fabrics, of cotton: Dish towels', 'USITC HTS 2025', '2025-07-01'),
  ('6302600020', 'Toilet linen and kitchen linen, of terry toweling or similar terry fabrics, of cotton: Other: Towels', 'USITC HTS 2025', '2025-07-01'),
  ('6302600030', 'Toilet linen and kitchen linen, of terry toweling or similar terry fabrics, of cotton: Other: Other', 'USITC HTS 2025', '2025-07-01'),
  ('0910300000', 'Turmeric (curcuma)', 'USITC HTS 2025', '2025-07-01'),
  ('7113115000', 'Articles of jewelry and parts thereof, of silver, whether or not plated or clad with other precious metal: Other', 'USITC HTS 2025', '2025-07-01'),
  ('8306290000', 'Statuettes and other ornaments, of base metal: Other', 'USITC HTS 2025', '2025-07-01'),
  ('8708302190', 'Parts and accessories of motor vehicles: Brakes and servo-brakes; parts thereof: Mounted brake linings: Other', 'USITC HTS 2025', '2025-07-01'),
  ('8708305090', 'Parts and accessories of motor vehicles: Brakes and servo-brakes; parts thereof: Other: Other', 'USITC HTS 2025', '2025-07-01');
