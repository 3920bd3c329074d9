-- Custom migration: the confidential text guard (docs/decisions/030-confidential-text.md).
-- The search document and the vocabulary drop what public text masks
-- (contracts/confidential-text.ts): the company's names, compared after
-- folding (so a missing accent, a double or non-breaking space, decomposed
-- accents or a zero-width joiner no longer slip through), and contact
-- details (web addresses, e-mails, handles, Mexican phone numbers). The
-- patterns are the module's, written for PostgreSQL: the unit test
-- tests/unit/confidential-text.test.ts checks this file holds each of them,
-- and tests/server/confidential-text.test.ts that both databases fold and
-- mask a text exactly as the module does. This replaces strip_company_names
-- (migration 0004), which compared names exactly.

-- 1. Folding: NFKD, lower case, combining marks and invisible characters
-- removed, every run of spaces of any kind one space.
CREATE OR REPLACE FUNCTION public.fold_confidential_text(p_text text)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE PARALLEL SAFE STRICT
AS $func$
  SELECT regexp_replace(
    regexp_replace(lower(normalize(p_text, NFKD)), '[\u00ad\u0300-\u036f\u061c\u115f-\u1160\u17b4-\u17b5\u180b-\u180f\u1ab0-\u1aff\u1dc0-\u1dff\u200b-\u200f\u202a-\u202e\u2060-\u206f\u20d0-\u20ff\u3164\ufe00-\ufe0f\ufe20-\ufe2f\ufeff\uffa0\U000e0000-\U000e0fff]', '', 'g'),
    '[\u0009-\u000d\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000]+', ' ', 'g')
$func$;
--> statement-breakpoint

-- 2. The pattern that finds a name in folded text (namePattern in the
-- module): its letters and digits in order with anything else between them,
-- a word boundary at both ends, and the punctuation the name starts or ends
-- with taken along when present. NULL for a name of fewer than 2 letters and digits.
CREATE OR REPLACE FUNCTION public.confidential_name_pattern(p_name text)
  RETURNS text
  LANGUAGE plpgsql
  IMMUTABLE PARALLEL SAFE STRICT
AS $func$
DECLARE
  folded text := btrim(public.fold_confidential_text(p_name), ' ');
  skeleton text := regexp_replace(folded, '[^\u0030-\u0039\u0061-\u007a\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]', '', 'g');
  lead_run text := coalesce(substring(folded from '^[^\u0030-\u0039\u0061-\u007a\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+'), '');
  trail_run text := coalesce(substring(folded from '[^\u0030-\u0039\u0061-\u007a\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+$'), '');
BEGIN
  IF length(skeleton) < 2 THEN
    RETURN NULL;
  END IF;
  RETURN CASE WHEN lead_run = '' THEN '' ELSE '(?:' || regexp_replace(lead_run, '([][\\^$.*+?(){}|/])', '\\\1', 'g') || ')?' END
    || '(?<!' || '[\u0030-\u0039\u0061-\u007a\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]' || ')'
    || array_to_string(regexp_split_to_array(skeleton, ''), '[^\u0030-\u0039\u0061-\u007a\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]' || '*')
    || '(?!' || '[\u0030-\u0039\u0061-\u007a\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]' || ')'
    || CASE WHEN trail_run = '' THEN '' ELSE '(?:' || regexp_replace(trail_run, '([][\\^$.*+?(){}|/])', '\\\1', 'g') || ')?' END;
END
$func$;
--> statement-breakpoint

-- 3. What the search document and the vocabulary are built from
-- (confidentialSearchText in the module): the folded text with each contact
-- detail, then each name (longest first), replaced by a space.
CREATE OR REPLACE FUNCTION public.confidential_search_text(p_text text, p_names text[])
  RETURNS text
  LANGUAGE plpgsql
  IMMUTABLE PARALLEL SAFE
AS $func$
DECLARE
  result text := public.fold_confidential_text(coalesce(p_text, ''));
  current_pattern text;
BEGIN
  FOREACH current_pattern IN ARRAY ARRAY[
    -- web
    '(?<![a-z0-9])(?:https?|ftp)://[^ ]*[^ .,;:!?)\]}>"''\u00ab\u00bb\u2018-\u201f]',
    -- web
    '(?<![a-z0-9.-])www\.[^ ]*[^ .,;:!?)\]}>"''\u00ab\u00bb\u2018-\u201f]',
    -- email
    '(?<![a-z0-9._%+-])[a-z0-9._%+-]+(?: ?@ ?| ?[(\[](?:at|arroba)[)\]] ?| arroba )[a-z0-9-]+(?:(?:\.| ?[(\[](?:dot|punto)[)\]] ?)[a-z0-9-]+| punto (?:com|net|org|mx|gob|edu)(?![a-z0-9-]))+',
    -- handle
    '(?<![a-z0-9._%+-])@[a-z0-9_](?:[a-z0-9_.]*[a-z0-9_])?',
    -- web
    '(?<![a-z0-9.@_-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|app|dev|ai|xyz|online|site|web|website|store|shop|tech|tienda|lat|mx|us|ca|uk|eu|ar|cl|pe|br|gt|ec|uy|py|bo|cr|sv|hn|ni|ve|cloud|digital|page|link|email)(?![a-z0-9-])(?:/[^ ]*[^ .,;:!?)\]}>"''\u00ab\u00bb\u2018-\u201f])?',
    -- web
    '(?<![a-z0-9.@_-])[a-z0-9-]+(?: punto (?:com|net|org|mx|gob|edu))+(?![a-z0-9-])',
    -- phone
    '(?<![0-9$])(?<!\$ )(?:(?:\+ ?|00 ?)?52 ?(?:1 ?)?)?\(?[0-9](?:[ .()/\u2010-\u2015\u2212-]{0,3}[0-9]){9}(?![0-9])'
  ] LOOP
    result := regexp_replace(result, current_pattern, ' ', 'g');
  END LOOP;
  FOR current_pattern IN
    SELECT named.pattern
    FROM (
      SELECT public.confidential_name_pattern(n.company_name) AS pattern,
             length(regexp_replace(public.fold_confidential_text(n.company_name), '[^\u0030-\u0039\u0061-\u007a\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]', '', 'g')) AS skeleton_length,
             n.ord
      FROM unnest(coalesce(p_names, '{}'::text[])) WITH ORDINALITY AS n(company_name, ord)
      WHERE n.company_name IS NOT NULL
    ) AS named
    WHERE named.pattern IS NOT NULL
    ORDER BY named.skeleton_length DESC, named.ord
  LOOP
    result := regexp_replace(result, current_pattern, ' ', 'g');
  END LOOP;
  RETURN result;
END
$func$;
--> statement-breakpoint

-- 4. The search document (migration 0004) and the vocabulary, from that text.
CREATE OR REPLACE FUNCTION public.company_search_vector(p_company_id integer, p_short text, p_long text, p_state_id integer, p_names text[])
  RETURNS tsvector
  LANGUAGE sql
  STABLE
AS $func$
  SELECT
    setweight(to_tsvector('pg_catalog.spanish', public.f_unaccent(lower(coalesce(
      (SELECT string_agg(i.name, ' ') FROM public.company_industries ci JOIN public.industries i ON i.id = ci.industry_id WHERE ci.company_id = p_company_id),
      '')))), 'A')
    || setweight(to_tsvector('pg_catalog.spanish', public.f_unaccent(public.confidential_search_text(p_short, p_names))), 'B')
    || setweight(to_tsvector('pg_catalog.spanish', public.f_unaccent(lower(coalesce(
      (SELECT s.name FROM public.states s WHERE s.id = p_state_id),
      '')))), 'B')
    || setweight(to_tsvector('pg_catalog.spanish', public.f_unaccent(lower(coalesce(
      (SELECT string_agg(n.name, ' ') FROM public.company_interests cn JOIN public.interests n ON n.id = cn.interest_id WHERE cn.company_id = p_company_id),
      '')))), 'B')
    || setweight(to_tsvector('pg_catalog.spanish', public.f_unaccent(public.confidential_search_text(p_long, p_names))), 'C')
$func$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.companies_collect_search_terms()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  PERFORM public.collect_search_terms(string_agg(
    public.confidential_search_text(coalesce(short_description, '') || ' ' || coalesce(long_description, ''), ARRAY[legal_name, comercial_name, name]), ' '))
  FROM changed_rows;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.row_collect_search_terms()
  RETURNS trigger
  LANGUAGE plpgsql
AS $func$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    PERFORM public.collect_search_terms(public.confidential_search_text(
      coalesce(NEW.short_description, '') || ' ' || coalesce(NEW.long_description, ''), ARRAY[NEW.legal_name, NEW.comercial_name, NEW.name]));
  ELSE
    PERFORM public.collect_search_terms(NEW.name);
  END IF;
  RETURN NULL;
END
$func$;
--> statement-breakpoint
-- A renamed company changes what its text masks: its vocabulary too (the
-- document already follows the names, migration 0004's BEFORE trigger).
DROP TRIGGER IF EXISTS companies_search_terms_update ON public.companies;
--> statement-breakpoint
CREATE TRIGGER companies_search_terms_update AFTER UPDATE OF short_description, long_description, name, legal_name, comercial_name ON public.companies
  FOR EACH ROW WHEN ((OLD.short_description, OLD.long_description, OLD.name, OLD.legal_name, OLD.comercial_name)
                     IS DISTINCT FROM (NEW.short_description, NEW.long_description, NEW.name, NEW.legal_name, NEW.comercial_name))
  EXECUTE FUNCTION public.row_collect_search_terms();
--> statement-breakpoint
DROP FUNCTION IF EXISTS public.strip_company_names(text, text[]);
--> statement-breakpoint

-- 5. Backfill: every document again (the BEFORE trigger recomputes a NULL
-- one, and the search side table follows at commit, migration 0008), and
-- the vocabulary again, so it holds no word of a name or contact detail the
-- old exact comparison let through.
UPDATE public.companies SET search_vector = NULL;
--> statement-breakpoint
DELETE FROM public.search_terms;
--> statement-breakpoint
SELECT public.collect_search_terms(public.confidential_search_text(
  coalesce(short_description, '') || ' ' || coalesce(long_description, ''), ARRAY[legal_name, comercial_name, name]))
FROM public.companies;
--> statement-breakpoint
SELECT public.collect_search_terms(name) FROM public.industries;
--> statement-breakpoint
SELECT public.collect_search_terms(name) FROM public.interests;
--> statement-breakpoint
SELECT public.collect_search_terms(name) FROM public.states;
