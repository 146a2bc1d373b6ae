-- Reference data for trade terms and landed-cost estimates (issue #21). Every figure here is data with
-- its source and effective date, editable by an administrator (/admin/trade-data); tests make their own.
INSERT INTO "ports" ("code", "name", "country", "kind", "state") VALUES
  ('INNSA', 'Nhava Sheva (JNPT), Mumbai', 'IN', 'sea', NULL),
  ('INMUN', 'Mundra', 'IN', 'sea', NULL),
  ('INPAV', 'Pipavav', 'IN', 'sea', NULL),
  ('INMAA', 'Chennai', 'IN', 'sea', NULL),
  ('INTUT', 'Tuticorin (V.O. Chidambaranar)', 'IN', 'sea', NULL),
  ('INCOK', 'Kochi', 'IN', 'sea', NULL),
  ('INCCU', 'Kolkata', 'IN', 'sea', NULL),
  ('INVTZ', 'Visakhapatnam', 'IN', 'sea', NULL),
  ('INBOM', 'Mumbai (Chhatrapati Shivaji Maharaj Intl Airport)', 'IN', 'air', NULL),
  ('INDEL', 'Delhi (Indira Gandhi Intl Airport)', 'IN', 'air', NULL),
  ('INBLR', 'Bengaluru (Kempegowda Intl Airport)', 'IN', 'air', NULL),
  ('INTKD', 'Tughlakabad ICD, Delhi', 'IN', 'inland', NULL),
  ('USNYC', 'New York / New Jersey', 'US', 'sea', 'NY'),
  ('USBAL', 'Baltimore', 'US', 'sea', 'MD'),
  ('USORF', 'Norfolk', 'US', 'sea', 'VA'),
  ('USCHS', 'Charleston', 'US', 'sea', 'SC'),
  ('USSAV', 'Savannah', 'US', 'sea', 'GA'),
  ('USHOU', 'Houston', 'US', 'sea', 'TX'),
  ('USLAX', 'Los Angeles / Long Beach', 'US', 'sea', 'CA'),
  ('USOAK', 'Oakland', 'US', 'sea', 'CA'),
  ('USSEA', 'Seattle / Tacoma', 'US', 'sea', 'WA'),
  ('USCHI', 'Chicago (rail ramp)', 'US', 'inland', 'IL'),
  ('USJFK', 'New York (JFK Airport)', 'US', 'air', 'NY'),
  ('USORD', 'Chicago (O''Hare Airport)', 'US', 'air', 'IL'),
  ('USATL', 'Atlanta (Hartsfield-Jackson Airport)', 'US', 'air', 'GA'),
  ('USDFW', 'Dallas/Fort Worth Airport', 'US', 'air', 'TX');
--> statement-breakpoint
-- ZIP codes by their first three digits, to the port a container for them usually enters by.
INSERT INTO "us_zip_ports" ("zip3_from", "zip3_to", "port_code") VALUES
  ('000', '199', 'USNYC'),
  ('200', '219', 'USBAL'),
  ('220', '269', 'USORF'),
  ('270', '299', 'USCHS'),
  ('300', '399', 'USSAV'),
  ('400', '429', 'USORF'),
  ('430', '459', 'USNYC'),
  ('460', '699', 'USCHI'),
  ('700', '799', 'USHOU'),
  ('800', '831', 'USLAX'),
  ('832', '839', 'USSEA'),
  ('840', '869', 'USLAX'),
  ('870', '884', 'USHOU'),
  ('885', '939', 'USLAX'),
  ('940', '966', 'USOAK'),
  ('967', '969', 'USLAX'),
  ('970', '999', 'USSEA');
--> statement-breakpoint
INSERT INTO "trade_fees" ("kind", "rate_percent", "min_cents", "max_cents", "effective_from", "effective_to", "source") VALUES
  ('mpf', 0.3464, 3271, 63462, '2024-10-01', '2025-10-01', 'CBP, Merchandise Processing Fee for FY2025 (19 CFR 24.23)'),
  ('mpf', 0.3464, 3358, 65150, '2025-10-01', NULL, 'CBP, Merchandise Processing Fee for FY2026 (19 CFR 24.23); update for each new fiscal year'),
  ('hmf', 0.1250, NULL, NULL, '1987-04-01', NULL, 'CBP, Harbor Maintenance Fee (19 CFR 24.24), ocean shipments only'),
  ('insurance', 0.3000, NULL, NULL, '2025-01-01', NULL, 'Setu estimate: marine cargo insurance on 110 % of the CIF value');
--> statement-breakpoint
-- US general (column 1) duty rates for the HS headings of Setu's categories. The longest matching prefix wins.
INSERT INTO "duty_rates" ("hs_prefix", "description", "rate_percent", "effective_from", "source", "as_of") VALUES
  ('0904', 'Pepper; capsicum and pimenta, dried', 0, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('0910', 'Ginger, saffron, turmeric and other spices', 0, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('0902', 'Tea', 0, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('0801', 'Cashew nuts and other nuts', 0, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('2008', 'Fruit and nuts, otherwise prepared or preserved', 11.2, '2025-01-01', 'USITC HTS 2025, general rate (typical)', '2025-07-01'),
  ('29', 'Organic chemicals', 3.7, '2025-01-01', 'USITC HTS 2025, general rate (typical for the chapter)', '2025-07-01'),
  ('3204', 'Synthetic organic colouring matter (dyes)', 6.5, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('3304', 'Beauty and skin-care preparations', 0, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('5208', 'Woven fabrics of cotton', 8.4, '2025-01-01', 'USITC HTS 2025, general rate (typical)', '2025-07-01'),
  ('6109', 'T-shirts, singlets and vests, knitted', 16.5, '2025-01-01', 'USITC HTS 2025, general rate (cotton)', '2025-07-01'),
  ('6204', 'Women''s suits, dresses, skirts and trousers', 8.4, '2025-01-01', 'USITC HTS 2025, general rate (cotton dresses)', '2025-07-01'),
  ('6111', 'Babies'' garments, knitted', 8.1, '2025-01-01', 'USITC HTS 2025, general rate (cotton)', '2025-07-01'),
  ('6302', 'Bed, table, toilet and kitchen linen', 6.7, '2025-01-01', 'USITC HTS 2025, general rate (cotton bed linen)', '2025-07-01'),
  ('630260', 'Toilet and kitchen linen of terry towelling, cotton', 9.1, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('5702', 'Carpets and rugs, woven', 0, '2025-01-01', 'USITC HTS 2025, general rate (typical for hand-loomed)', '2025-07-01'),
  ('7318', 'Screws, bolts, nuts and washers of iron or steel', 5.7, '2025-01-01', 'USITC HTS 2025, general rate (typical)', '2025-07-01'),
  ('7323', 'Table, kitchen and household articles of iron or steel', 2, '2025-01-01', 'USITC HTS 2025, general rate (stainless steel)', '2025-07-01'),
  ('7326', 'Other articles of iron or steel', 2.9, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('8413', 'Pumps for liquids', 0, '2025-01-01', 'USITC HTS 2025, general rate (centrifugal pumps)', '2025-07-01'),
  ('8481', 'Taps, cocks and valves', 2, '2025-01-01', 'USITC HTS 2025, general rate (typical)', '2025-07-01'),
  ('8482', 'Ball or roller bearings', 9, '2025-01-01', 'USITC HTS 2025, general rate (ball bearings)', '2025-07-01'),
  ('8483', 'Transmission shafts, gears and pulleys', 2.8, '2025-01-01', 'USITC HTS 2025, general rate (typical)', '2025-07-01'),
  ('8504', 'Transformers, power supplies and inductors', 1.5, '2025-01-01', 'USITC HTS 2025, general rate (static converters)', '2025-07-01'),
  ('8536', 'Switches, plugs, sockets and connectors', 2.7, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('8541', 'Diodes, LEDs and semiconductor devices', 0, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('8544', 'Insulated wire and cable', 2.6, '2025-01-01', 'USITC HTS 2025, general rate (typical)', '2025-07-01'),
  ('8708', 'Parts and accessories of motor vehicles', 2.5, '2025-01-01', 'USITC HTS 2025, general rate', '2025-07-01'),
  ('4011', 'New pneumatic tyres of rubber', 4, '2025-01-01', 'USITC HTS 2025, general rate (typical)', '2025-07-01'),
  ('9405', 'Lamps and lighting fittings', 3.9, '2025-01-01', 'USITC HTS 2025, general rate (typical)', '2025-07-01');
--> statement-breakpoint
-- Additional duties on goods of Indian origin in force when this table was made. An administrator keeps
-- them current: they change by executive order.
INSERT INTO "additional_duties" ("origin_country", "hs_prefix", "excluded_hs_prefixes", "rate_percent", "description", "effective_from", "source") VALUES
  ('IN', NULL, ARRAY['27', '30', '8471', '8517', '8541', '8542', '72', '73', '76', '8703', '8708'], 25, 'Reciprocal tariff on goods of India (IEEPA)', '2025-08-07', 'Executive Orders 14257 and 14326; Annex II and Section 232 goods excluded'),
  ('IN', NULL, ARRAY['27', '30', '8471', '8517', '8541', '8542', '72', '73', '76', '8703', '8708'], 25, 'Additional tariff on goods of India (IEEPA)', '2025-08-27', 'Executive Order 14329; Annex II and Section 232 goods excluded'),
  ('IN', '72', '{}', 50, 'Section 232 duty on steel', '2025-06-04', 'Proclamation of 3 June 2025 (Section 232, steel)'),
  ('IN', '73', '{}', 50, 'Section 232 duty on steel derivatives', '2025-06-04', 'Proclamation of 3 June 2025 (Section 232, steel derivatives; estimate applies it to the whole value)'),
  ('IN', '76', '{}', 50, 'Section 232 duty on aluminium', '2025-06-04', 'Proclamation of 3 June 2025 (Section 232, aluminium)'),
  ('IN', '8708', '{}', 25, 'Section 232 duty on automobile parts', '2025-05-03', 'Proclamation 10908 (Section 232, automobile parts)');
--> statement-breakpoint
-- Freight estimates by lane. Ocean: a 40-foot container (26,000 kg payload) and less than a container per kg;
-- air: per chargeable kg. Chicago is reached by ocean to New York and rail.
INSERT INTO "freight_rates" ("origin_port", "destination_port", "mode", "per_kg_cents", "per_container_cents", "container_payload_kg", "transit_days", "effective_from", "source")
SELECT o.code, d.code, 'ocean', d.per_kg + o.extra_kg, d.container + o.extra_container, 26000, d.days + o.extra_days, DATE '2026-10-01', 'Setu estimate from published spot indices, Q4 2026'
FROM (VALUES ('INNSA', 0, 0, 0), ('INMUN', 0, -100, 0), ('INPAV', 0, 0, 1), ('INMAA', 2, 300, 3), ('INTUT', 2, 350, 3), ('INCOK', 2, 250, 2), ('INCCU', 3, 500, 5), ('INVTZ', 3, 450, 4))
  AS o(code, extra_kg, extra_container, extra_days)
CROSS JOIN (VALUES ('USNYC', 28, 420000, 30), ('USBAL', 29, 430000, 32), ('USORF', 28, 425000, 31), ('USCHS', 29, 430000, 32), ('USSAV', 28, 425000, 32),
  ('USHOU', 31, 460000, 36), ('USLAX', 26, 380000, 34), ('USOAK', 27, 395000, 36), ('USSEA', 27, 400000, 35), ('USCHI', 36, 540000, 36))
  AS d(code, per_kg, container, days)
UNION ALL
SELECT o.code, d.code, 'air', d.per_kg + o.extra_kg, NULL, NULL, d.days, DATE '2026-10-01', 'Setu estimate from published air cargo indices, Q4 2026'
FROM (VALUES ('INBOM', 0), ('INDEL', -10), ('INBLR', 15)) AS o(code, extra_kg)
CROSS JOIN (VALUES ('USJFK', 420, 3), ('USORD', 440, 3), ('USATL', 460, 4), ('USDFW', 470, 4)) AS d(code, per_kg, days);
