-- Corrects the HTSUS lines that migration 0042 seeded (issue #41 item 1), checked against the schedule's 2025 text:
-- 6302.60.00's statistical lines read "Towels: Dish" (10), "Towels: Other" (20) and "Other" (30);
-- 8708.30.21 is no longer a line of the schedule: brakes for vehicles other than agricultural tractors are
-- 8708.30.50, with drums (20), rotors (30), mounted brake linings (40) and other (90).
-- Lines an administrator imported since are overwritten only where this migration's text is the schedule's.
INSERT INTO "hts_codes" ("code", "description", "source", "as_of") VALUES
  ('6302600010', 'Toilet linen and kitchen linen, of terry toweling or similar terry fabrics, of cotton: Towels: Dish', 'USITC HTS 2025', '2025-07-01'),
  ('6302600020', 'Toilet linen and kitchen linen, of terry toweling or similar terry fabrics, of cotton: Towels: Other', 'USITC HTS 2025', '2025-07-01'),
  ('6302600030', 'Toilet linen and kitchen linen, of terry toweling or similar terry fabrics, of cotton: Other', 'USITC HTS 2025', '2025-07-01'),
  ('8708305020', 'Parts and accessories of motor vehicles: Brakes and servo-brakes; parts thereof: Other: Brake drums', 'USITC HTS 2025', '2025-07-01'),
  ('8708305030', 'Parts and accessories of motor vehicles: Brakes and servo-brakes; parts thereof: Other: Brake rotors (discs)', 'USITC HTS 2025', '2025-07-01'),
  ('8708305040', 'Parts and accessories of motor vehicles: Brakes and servo-brakes; parts thereof: Other: Mounted brake linings', 'USITC HTS 2025', '2025-07-01'),
  ('8708305090', 'Parts and accessories of motor vehicles: Brakes and servo-brakes; parts thereof: Other: Other', 'USITC HTS 2025', '2025-07-01')
ON CONFLICT ("code") DO UPDATE SET "description" = excluded."description", "source" = excluded."source", "as_of" = excluded."as_of";
--> statement-breakpoint
-- not a line of the schedule: a product or quote that holds it keeps it, and its papers print the code without a description
DELETE FROM "hts_codes" WHERE "code" = '8708302190';
