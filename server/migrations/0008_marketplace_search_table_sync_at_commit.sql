-- Custom migration: company_search (0005/0006) is written once per company
-- and transaction, at commit. Creating a company writes its row, then its
-- industries and its interests, and each recomputes its document; a row
-- trigger that copies every version wrote the side row three times, and the
-- dead versions tripled the table (110 MB -> 320 MB on 100k companies).
-- A deferred constraint trigger fires at commit and reads the company's
-- current row, and the upsert skips rows already up to date, so only the
-- first firing per company and transaction writes. Writes become visible to
-- searches at commit, like every other reader outside the transaction.
CREATE OR REPLACE FUNCTION public.companies_sync_search_row()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
DECLARE
  c public.companies%ROWTYPE;
BEGIN
  SELECT * INTO c FROM public.companies WHERE id = NEW.id;
  IF FOUND AND c.is_published AND c.is_active AND c.search_vector IS NOT NULL THEN
    INSERT INTO public.company_search AS s
      (company_id, search_vector, state_id, company_type_id, verification_level_id, ebitda_range_id, yearly_sales_range_id)
    VALUES (c.id, c.search_vector, c.state_id, c.company_type_id, c.verification_level_id, c.ebitda_range_id, c.yearly_sales_range_id)
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
  ELSE
    DELETE FROM public.company_search WHERE company_id = NEW.id;
  END IF;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS companies_sync_search_row ON public.companies;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER companies_sync_search_row
  AFTER INSERT OR UPDATE ON public.companies DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.companies_sync_search_row();
