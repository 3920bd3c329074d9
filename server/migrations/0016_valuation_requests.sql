CREATE TABLE "valuation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"website" text,
	"industry_id" integer NOT NULL,
	"location" integer NOT NULL,
	"reason" integer NOT NULL,
	"valuation_type" text DEFAULT 'default' NOT NULL,
	"currency" text NOT NULL,
	"gross_revenue" numeric(18, 2) NOT NULL,
	"net_profit" numeric(18, 2) NOT NULL,
	"annual_percentage_growth" numeric(6, 1) NOT NULL,
	"valuation_result" double precision NOT NULL,
	"lower_estimate" double precision NOT NULL,
	"upper_estimate" double precision NOT NULL,
	"multiple" double precision NOT NULL,
	"profit_result" double precision NOT NULL,
	"engine_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "valuation_requests_location_check" CHECK ("valuation_requests"."location" between 1 and 9),
	CONSTRAINT "valuation_requests_reason_check" CHECK ("valuation_requests"."reason" between 1 and 8),
	CONSTRAINT "valuation_requests_currency_check" CHECK ("valuation_requests"."currency" in ('MXN', 'USD')),
	CONSTRAINT "valuation_requests_amounts_check" CHECK ("valuation_requests"."gross_revenue" >= 1 and "valuation_requests"."net_profit" between 0 and "valuation_requests"."gross_revenue"),
	CONSTRAINT "valuation_requests_range_check" CHECK ("valuation_requests"."lower_estimate" <= "valuation_requests"."valuation_result" and "valuation_requests"."valuation_result" <= "valuation_requests"."upper_estimate")
);
--> statement-breakpoint
ALTER TABLE "valuation_requests" ADD CONSTRAINT "valuation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_requests" ADD CONSTRAINT "valuation_requests_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "valuation_requests_email_idx" ON "valuation_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "valuation_requests_created_at_idx" ON "valuation_requests" USING btree ("created_at");