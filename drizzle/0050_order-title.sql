ALTER TABLE "orders" ADD COLUMN "title" text;--> statement-breakpoint
-- every order placed so far takes the title of the RFQ it was placed under (issue #39 item 1: orders no longer read rfqs)
UPDATE "orders" SET "title" = "rfqs"."title" FROM "rfqs" WHERE "rfqs"."id" = "orders"."rfq_id";
