-- The HTSUS statistical lines of three goods the demo trades in that had only 6-digit HS codes (issue #41 item 1):
-- whole black pepper, cotton canvas tote bags and an LED ceiling panel. Each line is the one U.S. Customs rulings
-- give such goods (0904.11.00.20 for whole black peppercorns, 4202.92.15.00 for cotton tote bags), or the schedule's
-- line for a base-metal ceiling fitting for LED light sources only, not for household use (9405.11.60.20). An
-- administrator's import of the USITC export replaces the wording where it differs.
INSERT INTO "hts_codes" ("code", "description", "source", "as_of") VALUES
  ('0904110020', 'Pepper of the genus Piper; dried or crushed or ground fruits of the genus Capsicum or of the genus Pimenta: Pepper of the genus Piper: Neither crushed nor ground: Black', 'USITC HTS 2025', '2025-07-01'),
  ('4202921500', 'Travel, sports and similar bags, with outer surface of textile materials, of vegetable fibers and not of pile or tufted construction: Of cotton', 'USITC HTS 2025', '2025-07-01'),
  ('9405116020', 'Chandeliers and other electric ceiling or wall lighting fittings, designed for use solely with light-emitting diode (LED) light sources: Of base metal: Other: Other', 'USITC HTS 2025', '2025-07-01')
ON CONFLICT ("code") DO NOTHING;
