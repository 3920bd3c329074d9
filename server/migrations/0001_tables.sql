CREATE TABLE "buyer_descriptions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "buyer_descriptions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "buyer_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"buyer_description_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"investment_description_summary" text NOT NULL,
	"investment_size_id" integer NOT NULL,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"human_id" text NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"comercial_name" text,
	"rfc" text,
	"website" text,
	"foundation_date" integer,
	"headcount" integer,
	"short_description" text,
	"long_description" text,
	"company_type_id" integer,
	"state_id" integer,
	"country_id" integer,
	"company_status_id" integer DEFAULT 1 NOT NULL,
	"verification_level_id" integer DEFAULT 1 NOT NULL,
	"ebitda_range_id" integer,
	"yearly_sales_range_id" integer,
	"user_company_role_id" integer,
	"ebitda" numeric(18, 2),
	"ebitda_margin" numeric(7, 2),
	"yearly_sales" numeric(18, 2),
	"funding_round" numeric(18, 2),
	"average_yearly_growth" numeric(7, 2),
	"society_id" integer,
	"tax_system_id" integer,
	"picture_url" text,
	"owner_user_id" integer,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_human_id_unique" UNIQUE("human_id")
);
--> statement-breakpoint
CREATE TABLE "company_attributes" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "company_attributes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "company_characteristics" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "company_characteristics_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "company_industries" (
	"company_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	CONSTRAINT "company_industries_company_id_industry_id_pk" PRIMARY KEY("company_id","industry_id")
);
--> statement-breakpoint
CREATE TABLE "company_interests" (
	"company_id" integer NOT NULL,
	"interest_id" integer NOT NULL,
	CONSTRAINT "company_interests_company_id_interest_id_pk" PRIMARY KEY("company_id","interest_id")
);
--> statement-breakpoint
CREATE TABLE "company_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "company_statuses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "company_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "company_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"iso_code" text,
	CONSTRAINT "countries_name_unique" UNIQUE("name"),
	CONSTRAINT "countries_iso_code_unique" UNIQUE("iso_code")
);
--> statement-breakpoint
CREATE TABLE "ebitda_ranges" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "ebitda_ranges_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "funding_structures" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "funding_structures_name_unique" UNIQUE("name"),
	CONSTRAINT "funding_structures_type_check" CHECK ("funding_structures"."type" in ('debt', 'equity', 'hybrid'))
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "industries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "interests" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "interests_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "investment_sizes" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "investment_sizes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "referers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "referers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "services_interested" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "services_interested_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "societies" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	CONSTRAINT "societies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"inegi_code" text NOT NULL,
	CONSTRAINT "states_name_unique" UNIQUE("name"),
	CONSTRAINT "states_inegi_code_unique" UNIQUE("inegi_code")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" text,
	"nickname" text,
	"status" text DEFAULT 'free' NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"amount" integer,
	"currency" text DEFAULT 'mxn' NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"cancel_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "tax_systems" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"persona_type" text NOT NULL,
	CONSTRAINT "tax_systems_code_persona_type_unique" UNIQUE("code","persona_type"),
	CONSTRAINT "tax_systems_persona_type_check" CHECK ("tax_systems"."persona_type" in ('moral', 'fisica'))
);
--> statement-breakpoint
CREATE TABLE "user_company_roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "user_company_roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_onboarding_completed" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lowercase_check" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_roles_check" CHECK ("users"."roles" <@ array['admin', 'seller', 'buyer']::text[])
);
--> statement-breakpoint
CREATE TABLE "verification_levels" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "verification_levels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "yearly_sales_ranges" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "yearly_sales_ranges_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD CONSTRAINT "buyer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD CONSTRAINT "buyer_profiles_buyer_description_id_buyer_descriptions_id_fk" FOREIGN KEY ("buyer_description_id") REFERENCES "public"."buyer_descriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD CONSTRAINT "buyer_profiles_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD CONSTRAINT "buyer_profiles_investment_size_id_investment_sizes_id_fk" FOREIGN KEY ("investment_size_id") REFERENCES "public"."investment_sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_type_id_company_types_id_fk" FOREIGN KEY ("company_type_id") REFERENCES "public"."company_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_status_id_company_statuses_id_fk" FOREIGN KEY ("company_status_id") REFERENCES "public"."company_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_verification_level_id_verification_levels_id_fk" FOREIGN KEY ("verification_level_id") REFERENCES "public"."verification_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_ebitda_range_id_ebitda_ranges_id_fk" FOREIGN KEY ("ebitda_range_id") REFERENCES "public"."ebitda_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_yearly_sales_range_id_yearly_sales_ranges_id_fk" FOREIGN KEY ("yearly_sales_range_id") REFERENCES "public"."yearly_sales_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_user_company_role_id_user_company_roles_id_fk" FOREIGN KEY ("user_company_role_id") REFERENCES "public"."user_company_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tax_system_id_tax_systems_id_fk" FOREIGN KEY ("tax_system_id") REFERENCES "public"."tax_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_industries" ADD CONSTRAINT "company_industries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_industries" ADD CONSTRAINT "company_industries_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_interests" ADD CONSTRAINT "company_interests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_interests" ADD CONSTRAINT "company_interests_interest_id_interests_id_fk" FOREIGN KEY ("interest_id") REFERENCES "public"."interests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_owner_user_id_idx" ON "companies" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "companies_state_id_idx" ON "companies" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "companies_listed_idx" ON "companies" USING btree ("is_published","is_active");--> statement-breakpoint
CREATE INDEX "company_industries_industry_id_idx" ON "company_industries" USING btree ("industry_id");--> statement-breakpoint
CREATE INDEX "company_interests_interest_id_idx" ON "company_interests" USING btree ("interest_id");