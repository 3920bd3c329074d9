CREATE INDEX "company_search_state_idx" ON "company_search" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "company_search_type_idx" ON "company_search" USING btree ("company_type_id");--> statement-breakpoint
CREATE INDEX "company_search_verification_idx" ON "company_search" USING btree ("verification_level_id");--> statement-breakpoint
CREATE INDEX "company_search_ebitda_idx" ON "company_search" USING btree ("ebitda_range_id");--> statement-breakpoint
CREATE INDEX "company_search_sales_idx" ON "company_search" USING btree ("yearly_sales_range_id");