CREATE TABLE "buyer_lead_matches" (
	"buyer_lead_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "buyer_lead_matches_buyer_lead_id_company_id_pk" PRIMARY KEY("buyer_lead_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "buyer_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"industry_ids" integer[] NOT NULL,
	"state_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"sales_range_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"ebitda_range_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"deal_type" text NOT NULL,
	"interest_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"investment_size_id" integer NOT NULL,
	"description" text NOT NULL,
	"active_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_leads_deal_type_check" CHECK ("buyer_leads"."deal_type" IN ('buy', 'invest', 'either')),
	CONSTRAINT "buyer_leads_contact_email_lowercase_check" CHECK ("buyer_leads"."contact_email" = lower("buyer_leads"."contact_email"))
);
--> statement-breakpoint
ALTER TABLE "buyer_lead_matches" ADD CONSTRAINT "buyer_lead_matches_buyer_lead_id_buyer_leads_id_fk" FOREIGN KEY ("buyer_lead_id") REFERENCES "public"."buyer_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_lead_matches" ADD CONSTRAINT "buyer_lead_matches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_leads" ADD CONSTRAINT "buyer_leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_leads" ADD CONSTRAINT "buyer_leads_investment_size_id_investment_sizes_id_fk" FOREIGN KEY ("investment_size_id") REFERENCES "public"."investment_sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_lead_matches_company_idx" ON "buyer_lead_matches" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "buyer_leads_active_until_idx" ON "buyer_leads" USING btree ("active_until");