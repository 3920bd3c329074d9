CREATE TABLE "marketplace_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "search_terms_word_trgm_idx" ON "search_terms" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_listed_id_idx" ON "companies" USING btree ("id") WHERE is_published AND is_active;--> statement-breakpoint
CREATE INDEX "companies_listed_state_idx" ON "companies" USING btree ("state_id","id") WHERE is_published AND is_active;--> statement-breakpoint
CREATE INDEX "companies_listed_type_idx" ON "companies" USING btree ("company_type_id","id") WHERE is_published AND is_active;--> statement-breakpoint
CREATE INDEX "companies_listed_verification_idx" ON "companies" USING btree ("verification_level_id","id") WHERE is_published AND is_active;--> statement-breakpoint
CREATE INDEX "companies_listed_ebitda_idx" ON "companies" USING btree ("ebitda_range_id","id") WHERE is_published AND is_active;--> statement-breakpoint
CREATE INDEX "companies_listed_sales_idx" ON "companies" USING btree ("yearly_sales_range_id","id") WHERE is_published AND is_active;--> statement-breakpoint
CREATE INDEX "companies_listed_search_idx" ON "companies" USING gin ("search_vector") WHERE is_published AND is_active;--> statement-breakpoint
CREATE INDEX "company_industries_industry_company_idx" ON "company_industries" USING btree ("industry_id","company_id");--> statement-breakpoint
CREATE INDEX "company_interests_interest_company_idx" ON "company_interests" USING btree ("interest_id","company_id");