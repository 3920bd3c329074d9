-- Custom migration: the outbox of companies entering the marketplace
-- (issue 16, saved-search alerts; docs/decisions/023-deal-room.md). A row is
-- written in the same transaction that lists a company (published and
-- active), whichever code path did it; server/saved-searches takes the
-- unprocessed rows with FOR UPDATE SKIP LOCKED and e-mails the matches.
CREATE OR REPLACE FUNCTION public.companies_record_listing_event()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  IF NEW.is_published AND NEW.is_active
     AND (TG_OP = 'INSERT' OR NOT (OLD.is_published AND OLD.is_active)) THEN
    INSERT INTO public.listing_events (company_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER companies_record_listing_event
  AFTER INSERT OR UPDATE OF is_published, is_active ON public.companies
  FOR EACH ROW EXECUTE FUNCTION public.companies_record_listing_event();
