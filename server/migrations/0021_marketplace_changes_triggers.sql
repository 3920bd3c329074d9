-- Custom migration: the triggers that fill marketplace_changes (0020), the
-- change log each server process reads to keep its in-memory search index
-- in step (server/marketplace/search-index, docs/decisions/024). A row names
-- a company whose card, filters or search document may have changed, or a
-- new vocabulary word; readers re-read the company's current state, so a
-- duplicate or a false alarm costs one row read and nothing else.
CREATE OR REPLACE FUNCTION public.log_marketplace_company_change()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO public.marketplace_changes (company_id) VALUES (OLD.company_id);
  ELSE
    INSERT INTO public.marketplace_changes (company_id) VALUES (NEW.company_id);
  END IF;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
-- The search side table is rewritten at commit (0008) whenever a listed
-- company's document or filters change, and loses the row when it is
-- unlisted; its industries and interests change the card too.
CREATE TRIGGER company_search_log_change
  AFTER INSERT OR UPDATE OR DELETE ON public.company_search
  FOR EACH ROW EXECUTE FUNCTION public.log_marketplace_company_change();
--> statement-breakpoint
CREATE TRIGGER company_industries_log_change
  AFTER INSERT OR UPDATE OR DELETE ON public.company_industries
  FOR EACH ROW EXECUTE FUNCTION public.log_marketplace_company_change();
--> statement-breakpoint
CREATE TRIGGER company_interests_log_change
  AFTER INSERT OR UPDATE OR DELETE ON public.company_interests
  FOR EACH ROW EXECUTE FUNCTION public.log_marketplace_company_change();
--> statement-breakpoint
-- A card shows columns the search row does not hold (picture, description,
-- and the names it is redacted with).
CREATE OR REPLACE FUNCTION public.log_marketplace_card_change()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  INSERT INTO public.marketplace_changes (company_id) VALUES (NEW.id);
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER companies_log_card_change
  AFTER UPDATE ON public.companies
  FOR EACH ROW
  WHEN ((OLD.human_id, OLD.picture_url, OLD.short_description, OLD.name, OLD.legal_name, OLD.comercial_name)
        IS DISTINCT FROM
        (NEW.human_id, NEW.picture_url, NEW.short_description, NEW.name, NEW.legal_name, NEW.comercial_name))
  EXECUTE FUNCTION public.log_marketplace_card_change();
--> statement-breakpoint
-- A new company gets its place in the index's id order even before it is
-- listed (server/marketplace/search-index.ts, reserve).
CREATE TRIGGER companies_log_insert
  AFTER INSERT ON public.companies
  FOR EACH ROW EXECUTE FUNCTION public.log_marketplace_card_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.log_marketplace_word()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  INSERT INTO public.marketplace_changes (word) VALUES (NEW.word);
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER search_terms_log_word
  AFTER INSERT ON public.search_terms
  FOR EACH ROW EXECUTE FUNCTION public.log_marketplace_word();
