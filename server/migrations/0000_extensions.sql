-- Custom migration: drizzle-kit does not emit CREATE EXTENSION.
-- unaccent and pg_trgm back the Spanish search on companies; PGlite loads
-- them from @electric-sql/pglite/contrib (see server/db/open.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (it reads a dictionary), so it cannot be used in
-- an index expression. This wrapper names the dictionary explicitly and is
-- declared IMMUTABLE so indexes and generated columns may use it.
CREATE OR REPLACE FUNCTION public.f_unaccent(text)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE PARALLEL SAFE STRICT
AS $func$
  SELECT public.unaccent('public.unaccent'::regdictionary, $1)
$func$;
