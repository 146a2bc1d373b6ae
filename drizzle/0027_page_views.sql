CREATE TABLE "page_view_days" (
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_view_days_kind_subject_id_day_pk" PRIMARY KEY("kind","subject_id","day"),
	CONSTRAINT "page_view_days_kind_check" CHECK ("page_view_days"."kind" in ('store', 'product', 'qr'))
);
--> statement-breakpoint
CREATE TABLE "page_view_hours" (
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_view_hours_kind_subject_id_hour_pk" PRIMARY KEY("kind","subject_id","hour"),
	CONSTRAINT "page_view_hours_kind_check" CHECK ("page_view_hours"."kind" in ('store', 'product', 'qr'))
);
