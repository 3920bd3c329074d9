-- Custom migration: the triggers behind the marketplace search and its cache
-- (docs/decisions/004-marketplace-search.md). drizzle-kit does not manage
-- functions or triggers, so they live only here; the columns, tables and
-- indexes they write are declared in server/db/schema.ts (migration 0003).

-- 1. The searchable document of one company ---------------------------------
-- The company's own names are cut out of its text first: a confidential
-- listing must not be findable by typing the company's name.
CREATE OR REPLACE FUNCTION public.strip_company_names(p_text text, p_names text[])
  RETURNS text
  LANGUAGE plpgsql
  IMMUTABLE
AS $func$
DECLARE
  company_name text;
  result text := coalesce(p_text, '');
BEGIN
  FOREACH company_name IN ARRAY coalesce(p_names, '{}'::text[]) LOOP
    IF company_name IS NOT NULL AND length(btrim(company_name)) >= 3 THEN
      result := regexp_replace(result, regexp_replace(btrim(company_name), '([!$()*+.:<=>?[\\\]^{|}-])', '\\\1', 'g'), ' ', 'gi');
    END IF;
  END LOOP;
  RETURN result;
END
$func$;
--> statement-breakpoint

-- Unaccented Spanish text: industry names weigh most (A), then the short
-- description, the state and the interests (B), then the long description (C).
CREATE OR REPLACE FUNCTION public.company_search_vector(p_company_id integer, p_short text, p_long text, p_state_id integer, p_names text[])
  RETURNS tsvector
  LANGUAGE sql
  STABLE
AS $func$
  SELECT
    setweight(to_tsvector('pg_catalog.spanish', public.f_unaccent(lower(coalesce(
      (SELECT string_agg(i.name, ' ') FROM public.company_industries ci JOIN public.industries i ON i.id = ci.industry_id WHERE ci.company_id = p_company_id),
      '')))), 'A')
    || setweight(to_tsvector('pg_catalog.spanish', public.f_unaccent(lower(public.strip_company_names(p_short, p_names)))), 'B')
    || setweight(to_tsvector('pg_catalog.spanish', public.f_unaccent(lower(coalesce(
      (SELECT s.name FROM public.states s WHERE s.id = p_state_id),
      '')))), 'B')
    || setweight(to_tsvector('pg_catalog.spanish', public.f_unaccent(lower(coalesce(
      (SELECT string_agg(n.name, ' ') FROM public.company_interests cn JOIN public.interests n ON n.id = cn.interest_id WHERE cn.company_id = p_company_id),
      '')))), 'B')
    || setweight(to_tsvector('pg_catalog.spanish', public.f_unaccent(lower(public.strip_company_names(p_long, p_names)))), 'C')
$func$;
--> statement-breakpoint

-- Recomputed when the text or the names change, or when a statement sets it
-- to NULL (the triggers below do that after industries/interests/catalogue
-- names change).
CREATE OR REPLACE FUNCTION public.companies_search_vector_trigger()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.search_vector IS NOT NULL
     AND NEW.search_vector IS NOT DISTINCT FROM OLD.search_vector
     AND NEW.short_description IS NOT DISTINCT FROM OLD.short_description
     AND NEW.long_description IS NOT DISTINCT FROM OLD.long_description
     AND NEW.state_id IS NOT DISTINCT FROM OLD.state_id
     AND NEW.name IS NOT DISTINCT FROM OLD.name
     AND NEW.legal_name IS NOT DISTINCT FROM OLD.legal_name
     AND NEW.comercial_name IS NOT DISTINCT FROM OLD.comercial_name THEN
    RETURN NEW;
  END IF;
  NEW.search_vector := public.company_search_vector(NEW.id, NEW.short_description, NEW.long_description, NEW.state_id,
    ARRAY[NEW.legal_name, NEW.comercial_name, NEW.name]);
  RETURN NEW;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER companies_search_vector
  BEFORE INSERT OR UPDATE ON public.companies
  FOR EACH ROW EXECUTE FUNCTION public.companies_search_vector_trigger();
--> statement-breakpoint

-- A company's industries or interests changed: recompute its document.
-- Statement-level with transition tables, so a bulk insert costs one UPDATE.
CREATE OR REPLACE FUNCTION public.company_links_refresh_search()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  UPDATE public.companies SET search_vector = NULL
  WHERE id IN (SELECT DISTINCT company_id FROM changed_rows);
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER company_industries_search_insert AFTER INSERT ON public.company_industries
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.company_links_refresh_search();
--> statement-breakpoint
CREATE TRIGGER company_industries_search_update AFTER UPDATE ON public.company_industries
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.company_links_refresh_search();
--> statement-breakpoint
CREATE TRIGGER company_industries_search_delete AFTER DELETE ON public.company_industries
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.company_links_refresh_search();
--> statement-breakpoint
CREATE TRIGGER company_interests_search_insert AFTER INSERT ON public.company_interests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.company_links_refresh_search();
--> statement-breakpoint
CREATE TRIGGER company_interests_search_update AFTER UPDATE ON public.company_interests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.company_links_refresh_search();
--> statement-breakpoint
CREATE TRIGGER company_interests_search_delete AFTER DELETE ON public.company_interests
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.company_links_refresh_search();
--> statement-breakpoint

-- A catalogue name a document contains was renamed: recompute those documents.
CREATE OR REPLACE FUNCTION public.catalogue_rename_refresh_search()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  IF TG_TABLE_NAME = 'industries' THEN
    UPDATE public.companies SET search_vector = NULL
    WHERE id IN (SELECT company_id FROM public.company_industries WHERE industry_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'interests' THEN
    UPDATE public.companies SET search_vector = NULL
    WHERE id IN (SELECT company_id FROM public.company_interests WHERE interest_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'states' THEN
    UPDATE public.companies SET search_vector = NULL WHERE state_id = NEW.id;
  END IF;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER industries_rename_search AFTER UPDATE OF name ON public.industries
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION public.catalogue_rename_refresh_search();
--> statement-breakpoint
CREATE TRIGGER interests_rename_search AFTER UPDATE OF name ON public.interests
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION public.catalogue_rename_refresh_search();
--> statement-breakpoint
CREATE TRIGGER states_rename_search AFTER UPDATE OF name ON public.states
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION public.catalogue_rename_refresh_search();
--> statement-breakpoint

-- 2. The vocabulary for typo correction ----------------------------------------
-- Unaccented lower-case words (letters only, 3+) of descriptions and of the
-- catalogue names documents contain. Words are only added; a stale word
-- merely corrects a typo towards a word with no results.
CREATE OR REPLACE FUNCTION public.collect_search_terms(p_text text)
  RETURNS void
  LANGUAGE sql
AS $func$
  INSERT INTO public.search_terms (word)
  SELECT DISTINCT word
  FROM unnest(tsvector_to_array(to_tsvector('pg_catalog.simple', public.f_unaccent(lower(coalesce(p_text, '')))))) AS word
  WHERE length(word) >= 3 AND word ~ '^[a-z]+$'
  ON CONFLICT (word) DO NOTHING
$func$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.companies_collect_search_terms()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  PERFORM public.collect_search_terms(string_agg(
    public.strip_company_names(coalesce(short_description, '') || ' ' || coalesce(long_description, ''), ARRAY[legal_name, comercial_name, name]), ' '))
  FROM changed_rows;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER companies_search_terms_insert AFTER INSERT ON public.companies
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.companies_collect_search_terms();
--> statement-breakpoint
-- Row-level for updates (a column list rules out transition tables) and for
-- the catalogues (a few rows, written by the seed on start).
CREATE OR REPLACE FUNCTION public.row_collect_search_terms()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    PERFORM public.collect_search_terms(public.strip_company_names(
      coalesce(NEW.short_description, '') || ' ' || coalesce(NEW.long_description, ''), ARRAY[NEW.legal_name, NEW.comercial_name, NEW.name]));
  ELSE
    PERFORM public.collect_search_terms(NEW.name);
  END IF;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE TRIGGER companies_search_terms_update AFTER UPDATE OF short_description, long_description ON public.companies
  FOR EACH ROW WHEN (OLD.short_description IS DISTINCT FROM NEW.short_description OR OLD.long_description IS DISTINCT FROM NEW.long_description)
  EXECUTE FUNCTION public.row_collect_search_terms();
--> statement-breakpoint
CREATE TRIGGER industries_search_terms_insert AFTER INSERT ON public.industries
  FOR EACH ROW EXECUTE FUNCTION public.row_collect_search_terms();
--> statement-breakpoint
CREATE TRIGGER industries_search_terms_update AFTER UPDATE OF name ON public.industries
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION public.row_collect_search_terms();
--> statement-breakpoint
CREATE TRIGGER interests_search_terms_insert AFTER INSERT ON public.interests
  FOR EACH ROW EXECUTE FUNCTION public.row_collect_search_terms();
--> statement-breakpoint
CREATE TRIGGER interests_search_terms_update AFTER UPDATE OF name ON public.interests
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION public.row_collect_search_terms();
--> statement-breakpoint
CREATE TRIGGER states_search_terms_insert AFTER INSERT ON public.states
  FOR EACH ROW EXECUTE FUNCTION public.row_collect_search_terms();
--> statement-breakpoint
CREATE TRIGGER states_search_terms_update AFTER UPDATE OF name ON public.states
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION public.row_collect_search_terms();
--> statement-breakpoint

-- 3. The version the result cache is keyed on ----------------------------------
-- Bumped once per writing transaction, at commit (a deferred constraint
-- trigger), so the single row is locked only while committing: no deadlock
-- with row locks taken earlier, and a reader never sees a new version
-- before the data it stands for.
INSERT INTO public.marketplace_state (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.bump_marketplace_version()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  IF TG_LEVEL = 'ROW' AND current_setting('puente.marketplace_bumped', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('puente.marketplace_bumped', txid_current()::text, true);
  UPDATE public.marketplace_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
DO $do$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['companies', 'company_industries', 'company_interests', 'industries', 'interests', 'states',
                           'company_types', 'verification_levels', 'ebitda_ranges', 'yearly_sales_ranges'] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON public.%I DEFERRABLE INITIALLY DEFERRED '
      'FOR EACH ROW EXECUTE FUNCTION public.bump_marketplace_version()', t || '_marketplace_version', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION public.bump_marketplace_version()',
      t || '_marketplace_version_truncate', t);
  END LOOP;
END
$do$;
--> statement-breakpoint

-- 4. Backfill: documents for existing companies, words for existing text.
UPDATE public.companies SET search_vector = NULL;
--> statement-breakpoint
SELECT public.collect_search_terms(public.strip_company_names(
  coalesce(short_description, '') || ' ' || coalesce(long_description, ''), ARRAY[legal_name, comercial_name, name]))
FROM public.companies;
--> statement-breakpoint
SELECT public.collect_search_terms(name) FROM public.industries;
--> statement-breakpoint
SELECT public.collect_search_terms(name) FROM public.interests;
--> statement-breakpoint
SELECT public.collect_search_terms(name) FROM public.states;
