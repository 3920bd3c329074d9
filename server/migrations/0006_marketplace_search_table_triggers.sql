-- Custom migration: keep company_search (migration 0005) in step with
-- companies (docs/performance/marketplace.md, decision record 007).
-- One row per listed company (published and active), holding a copy of the
-- search document the BEFORE trigger of migration 0004 computes, and the
-- columns the marketplace filters read. Changes to industries, interests and
-- catalogue names already reach companies (they reset search_vector, which
-- the BEFORE trigger recomputes), so this AFTER row trigger sees them too.
-- Deleting a company deletes its row (ON DELETE CASCADE).
CREATE OR REPLACE FUNCTION public.companies_sync_search_row()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  IF NEW.is_published AND NEW.is_active AND NEW.search_vector IS NOT NULL THEN
    INSERT INTO public.company_search AS s
      (company_id, search_vector, state_id, company_type_id, verification_level_id, ebitda_range_id, yearly_sales_range_id)
    VALUES (NEW.id, NEW.search_vector, NEW.state_id, NEW.company_type_id, NEW.verification_level_id, NEW.ebitda_range_id, NEW.yearly_sales_range_id)
    ON CONFLICT (company_id) DO UPDATE SET
      search_vector = EXCLUDED.search_vector,
      state_id = EXCLUDED.state_id,
      company_type_id = EXCLUDED.company_type_id,
      verification_level_id = EXCLUDED.verification_level_id,
      ebitda_range_id = EXCLUDED.ebitda_range_id,
      yearly_sales_range_id = EXCLUDED.yearly_sales_range_id
    WHERE (s.search_vector, s.state_id, s.company_type_id, s.verification_level_id, s.ebitda_range_id, s.yearly_sales_range_id)
      IS DISTINCT FROM
      (EXCLUDED.search_vector, EXCLUDED.state_id, EXCLUDED.company_type_id, EXCLUDED.verification_level_id, EXCLUDED.ebitda_range_id, EXCLUDED.yearly_sales_range_id);
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM public.company_search WHERE company_id = NEW.id;
  END IF;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER companies_sync_search_row
  AFTER INSERT OR UPDATE ON public.companies
  FOR EACH ROW EXECUTE FUNCTION public.companies_sync_search_row();
--> statement-breakpoint

-- Backfill: every listed company.
INSERT INTO public.company_search
  (company_id, search_vector, state_id, company_type_id, verification_level_id, ebitda_range_id, yearly_sales_range_id)
SELECT id, search_vector, state_id, company_type_id, verification_level_id, ebitda_range_id, yearly_sales_range_id
FROM public.companies
WHERE is_published AND is_active AND search_vector IS NOT NULL
ON CONFLICT (company_id) DO NOTHING;
