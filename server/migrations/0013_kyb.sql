CREATE TABLE "kyb_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"requested_by" integer,
	"rfc" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyb_requests_status_check" CHECK ("kyb_requests"."status" in ('pending', 'verified', 'rejected')),
	CONSTRAINT "kyb_requests_rfc_length_check" CHECK (char_length("kyb_requests"."rfc") between 12 and 13)
);
--> statement-breakpoint
ALTER TABLE "kyb_requests" ADD CONSTRAINT "kyb_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_requests" ADD CONSTRAINT "kyb_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyb_requests_company_id_idx" ON "kyb_requests" USING btree ("company_id");