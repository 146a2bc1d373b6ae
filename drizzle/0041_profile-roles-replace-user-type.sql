ALTER TABLE "profiles" DROP CONSTRAINT "profiles_user_type_check";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "user_type";