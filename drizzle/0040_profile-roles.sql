ALTER TABLE "profiles" ADD COLUMN "is_buyer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_seller" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-added: each account keeps the role it had (decision record 0052)
UPDATE "profiles" SET "is_buyer" = ("user_type" = 'buyer'), "is_seller" = ("user_type" = 'seller');--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_has_a_role_check" CHECK ("profiles"."is_buyer" or "profiles"."is_seller");