-- Every catalogue bumps the marketplace version when it changes, not only
-- the ten a card shows (0004): the server holds all catalogue names in
-- memory keyed on that version (server/catalogues/names.ts) and checks every
-- chosen catalogue id against them, so a new referer or a renamed country
-- must be seen on the next request.
DO $do$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['countries', 'user_company_roles', 'company_statuses', 'societies', 'tax_systems',
                           'buyer_descriptions', 'investment_sizes', 'referers', 'services_interested',
                           'company_characteristics', 'company_attributes', 'funding_structures'] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON public.%I DEFERRABLE INITIALLY DEFERRED '
      'FOR EACH ROW EXECUTE FUNCTION public.bump_marketplace_version()', t || '_marketplace_version', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION public.bump_marketplace_version()',
      t || '_marketplace_version_truncate', t);
  END LOOP;
END
$do$;
