CREATE TABLE "company_search" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"state_id" integer,
	"company_type_id" integer,
	"verification_level_id" integer NOT NULL,
	"ebitda_range_id" integer,
	"yearly_sales_range_id" integer
);
--> statement-breakpoint
DROP INDEX "companies_listed_search_idx";--> statement-breakpoint
ALTER TABLE "company_search" ADD CONSTRAINT "company_search_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_search_vector_idx" ON "company_search" USING gin ("search_vector");