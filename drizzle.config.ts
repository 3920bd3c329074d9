import { defineConfig } from "drizzle-kit";

// Schema in TypeScript, SQL migrations committed under server/migrations and
// applied on start by drizzle-orm's migrator (see server/db/migrate.ts).
// The first migration is a hand-written one that creates the extensions.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/migrations",
  strict: true,
  verbose: true,
});
