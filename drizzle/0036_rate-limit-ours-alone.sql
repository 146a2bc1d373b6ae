ALTER TABLE "rate_limit" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "rate_limit" DROP CONSTRAINT "rate_limit_key_unique";--> statement-breakpoint
ALTER TABLE "rate_limit" ADD PRIMARY KEY ("key");
