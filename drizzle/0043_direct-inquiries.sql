CREATE TABLE "rfq_invitations" (
	"rfq_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfq_invitations_rfq_id_seller_id_pk" PRIMARY KEY("rfq_id","seller_id")
);
--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "addressed_seller_id" text;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "invite_similar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rfq_invitations" ADD CONSTRAINT "rfq_invitations_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_invitations" ADD CONSTRAINT "rfq_invitations_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfq_invitations_seller_idx" ON "rfq_invitations" USING btree ("seller_id","created_at");--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_addressed_seller_id_user_id_fk" FOREIGN KEY ("addressed_seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfqs_addressed_seller_idx" ON "rfqs" USING btree ("addressed_seller_id","created_at") WHERE "rfqs"."addressed_seller_id" is not null;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_invite_similar_check" CHECK (not "rfqs"."invite_similar" or "rfqs"."addressed_seller_id" is not null);