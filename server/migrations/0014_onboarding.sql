CREATE TABLE "company_equities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer NOT NULL,
	"shareholder" text NOT NULL,
	"equity_hundredths" integer NOT NULL,
	CONSTRAINT "company_equities_company_position_unique" UNIQUE("company_id","position"),
	CONSTRAINT "company_equities_equity_check" CHECK ("company_equities"."equity_hundredths" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "company_funding_round_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer NOT NULL,
	"use_name" text NOT NULL,
	"percentage_hundredths" integer NOT NULL,
	CONSTRAINT "company_funding_round_uses_company_position_unique" UNIQUE("company_id","position"),
	CONSTRAINT "company_funding_round_uses_percentage_check" CHECK ("company_funding_round_uses"."percentage_hundredths" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "company_funding_structures" (
	"company_id" integer NOT NULL,
	"funding_structure_id" integer NOT NULL,
	CONSTRAINT "company_funding_structures_company_id_funding_structure_id_pk" PRIMARY KEY("company_id","funding_structure_id")
);
--> statement-breakpoint
CREATE TABLE "company_onboarding_attributes" (
	"company_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "company_onboarding_attributes_company_id_attribute_id_pk" PRIMARY KEY("company_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "company_onboarding_characteristics" (
	"company_id" integer NOT NULL,
	"characteristic_id" integer NOT NULL,
	CONSTRAINT "company_onboarding_characteristics_company_id_characteristic_id_pk" PRIMARY KEY("company_id","characteristic_id")
);
--> statement-breakpoint
CREATE TABLE "company_onboardings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text,
	"name" text,
	"comercial_name" text,
	"rfc" text,
	"website" text,
	"company_type" text,
	"society_id" integer,
	"tax_system_id" integer,
	"financial_records_state" text,
	"yearly_sales" numeric(18, 2),
	"ebitda_margin" numeric(7, 2),
	"second_last_year_yearly_sales" numeric(18, 2),
	"second_last_year_ebitda_margin" numeric(7, 2),
	"estimate_yearly_sales" numeric(18, 2),
	"company_uniqueness_summary" text,
	"company_challenges" text,
	"motivation" text,
	"valuation_range_negotiation" text,
	"funding_round_urgency" text DEFAULT 'not_urgent' NOT NULL,
	"funding_round" text,
	"funding_round_amount" numeric(18, 2),
	"funding_round_done" numeric(18, 2),
	"investors" integer,
	"saved_steps" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_onboardings_company_type_check" CHECK ("company_onboardings"."company_type" in ('fisica', 'moral')),
	CONSTRAINT "company_onboardings_financial_records_state_check" CHECK ("company_onboardings"."financial_records_state" in ('has_financial_records', 'has_some_financial_records', 'has_excel_financial_records', 'no_financial_records')),
	CONSTRAINT "company_onboardings_urgency_check" CHECK ("company_onboardings"."funding_round_urgency" in ('asap', 'moderate', 'not_urgent')),
	CONSTRAINT "company_onboardings_funding_round_check" CHECK ("company_onboardings"."funding_round" in ('pre_seed', 'series_a', 'series_b', 'series_c', 'series_d', 'other'))
);
--> statement-breakpoint
ALTER TABLE "company_equities" ADD CONSTRAINT "company_equities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_funding_round_uses" ADD CONSTRAINT "company_funding_round_uses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_funding_structures" ADD CONSTRAINT "company_funding_structures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_funding_structures" ADD CONSTRAINT "company_funding_structures_funding_structure_id_funding_structures_id_fk" FOREIGN KEY ("funding_structure_id") REFERENCES "public"."funding_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_onboarding_attributes" ADD CONSTRAINT "company_onboarding_attributes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_onboarding_attributes" ADD CONSTRAINT "company_onboarding_attributes_attribute_id_company_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."company_attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_onboarding_characteristics" ADD CONSTRAINT "company_onboarding_characteristics_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_onboarding_characteristics" ADD CONSTRAINT "company_onboarding_characteristics_characteristic_id_company_characteristics_id_fk" FOREIGN KEY ("characteristic_id") REFERENCES "public"."company_characteristics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_onboardings" ADD CONSTRAINT "company_onboardings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_onboardings" ADD CONSTRAINT "company_onboardings_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_onboardings" ADD CONSTRAINT "company_onboardings_tax_system_id_tax_systems_id_fk" FOREIGN KEY ("tax_system_id") REFERENCES "public"."tax_systems"("id") ON DELETE no action ON UPDATE no action;