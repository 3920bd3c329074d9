import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const ROOT = import.meta.dirname;

/** The folders directly under `dir`, read when lint starts: a new feature folder is guarded the day it is created. */
const foldersIn = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const clientFeatures = foldersIn("src/features");

// Server: shared plumbing, composition, and every other folder is a feature.
const SERVER_PLUMBING = ["http", "db", "auth", "mail", "storage"];
const SERVER_COMPOSITION = ["seed", "migrations"];
const serverFolders = foldersIn("server");
const serverFeatures = serverFolders.filter((name) => !SERVER_PLUMBING.includes(name) && !SERVER_COMPOSITION.includes(name));

/**
 * What a server feature may import from other features (docs/decisions/011-server-by-feature.md).
 * Anything not listed is refused. Keep it acyclic: marketplace reads companies, never the reverse.
 * A feature's tables (server/<feature>/schema.ts) are not listed: any server code may import them.
 */
const SERVER_FEATURE_DEPENDENCIES = {
  accounts: ["catalogues", "companies"],
  companies: ["catalogues", "audit"],
  // The profile asks the deal room what its viewer may see (decision 023).
  marketplace: ["catalogues", "companies", "deal-room"],
  leads: ["catalogues"],
  // Approved buyers open shared documents by the deal room's rule.
  "data-room": ["deal-room"],
  kyb: [],
  onboarding: [],
  valuations: ["catalogues"],
  // Puente Bot quotes the plans with the prices the payments feature charges.
  bot: ["payments"],
  // Deactivating a user stops their plan renewing, by the payments feature's rules.
  admin: ["audit", "payments"],
  // Reads company_files through data-room's schema.ts (any feature may read any schema.ts), never through data-room's logic (which imports deal-room).
  "deal-room": ["catalogues", "companies"],
  // Saved-search alerts match new listings with the marketplace's own filters, text search and cards.
  "saved-searches": ["catalogues", "marketplace"],
  "seller-analytics": [],
  // Mandates match listings with the marketplace's filters, describe them with the saved-search alerts' card facts,
  // and are matched in the alerts' new-listing batch (server/app.ts composes the listener in).
  "buyer-leads": ["catalogues", "marketplace", "saved-searches"],
};

// One-way imports: shared -> features -> app (see docs/decisions/002-layout.md).
// machines/, contracts/ and content/ are pure and import neither the app nor the server;
// the server never imports the app.
const zones = [
  { target: "./machines", from: ["./src", "./server"], message: "machines/ is pure: no app or server code." },
  { target: "./contracts", from: ["./src", "./server", "./machines"], message: "contracts/ imports nothing of ours but contracts/." },
  // One text for the public pages and for Puente Bot (server/bot): pure data both sides import.
  { target: "./content", from: ["./src", "./server", "./machines", "./contracts"], message: "content/ is pure data: it imports nothing of ours but content/." },
  { target: "./server", from: ["./src"], message: "The server never imports the app." },
  {
    target: ["./src/components", "./src/lib", "./src/hooks", "./src/styles", "./src/utils"],
    from: ["./src/features", "./src/app"],
    message: "Shared code must not import features or the app.",
  },
  { target: "./src/features", from: ["./src/app"], message: "Features must not import the app." },
  ...clientFeatures.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "A feature must not import another feature; compose them in src/app.",
  })),
  { target: "./src", from: ["./server"], message: "Server-only code stays in server/." },
  // A table's shape is the database's, shared like the database: any server code may import any
  // server/<x>/schema.ts (the `except: ["./schema.ts"]` below), and a schema.ts imports nothing but tables.
  {
    target: SERVER_PLUMBING.map((name) => `./server/${name}`),
    from: serverFeatures.map((name) => `./server/${name}`),
    except: ["./schema.ts"],
    message: "Server plumbing (http, db, auth, mail, storage) must not import a server feature (its schema.ts excepted).",
  },
  ...serverFeatures.map((feature) => ({
    target: `./server/${feature}`,
    from: serverFeatures.filter((other) => other !== feature && !(SERVER_FEATURE_DEPENDENCIES[feature] ?? []).includes(other)).map((other) => `./server/${other}`),
    except: ["./schema.ts"],
    message: `server/${feature} may import only these features: ${(SERVER_FEATURE_DEPENDENCIES[feature] ?? []).join(", ") || "none"} (eslint.config.js SERVER_FEATURE_DEPENDENCIES), and any feature's schema.ts.`,
  })),
  {
    target: "./server/*/schema.ts",
    from: ["./server", "./contracts", "./content", "./machines"],
    // server/db/schema.ts gathers every feature's tables for drizzle-kit; a table never imports it.
    except: [...serverFolders.filter((name) => name !== "db").map((name) => `./${name}/schema.ts`), "./db/columns.ts"],
    message: "A schema.ts imports only other schema.ts files, server/db/columns.ts and drizzle: tables never import logic.",
  },
  // Only drizzle.config.ts and server/db/open.ts (drizzle's `{ schema }`) need every table at once.
  {
    target: ["./server/*.ts", ...serverFolders.filter((name) => name !== "db").map((name) => `./server/${name}`), "./server/db/!(open).ts", "./tests", "./scripts"],
    from: "./server/db/schema.ts",
    message: "Import a table from the schema.ts of the feature that owns it; server/db/schema.ts only gathers them for drizzle-kit.",
  },
];

/**
 * A form field gets its label, description and message only from `form.field()` (and its kinds:
 * `checkbox`, `money`, `percent`, `file`) in src/lib/form-fields.ts (docs/decisions/027-form-fields.md).
 * Outside src/components/ui (which wraps the controls) and src/lib (which binds them), these
 * attributes are refused on the ui field components; spread the bound field instead.
 */
const FORM_FIELD_COMPONENTS = ["TextField", "TextAreaField", "PasswordField", "Select", "NativeSelect", "Checkbox", "CheckboxGroup", "RadioGroup", "NumberField", "FileField", "AmountField"];
const FORM_FIELD_MESSAGE =
  "A form field gets its label, description and error only from form.field() (or fieldsOf(...).field() for a machine's or local values): src/lib/form-fields.ts, docs/decisions/027-form-fields.md.";
const handWired = (components, attributes) => ({
  selector: `JSXOpeningElement[name.name=/^(${components.join("|")})$/] > JSXAttribute[name.name=/^(${attributes.join("|")})$/]`,
  message: FORM_FIELD_MESSAGE,
});
// The marketplace's and the requests' filters are no form: they apply at once and never show a
// message, so their dropdowns and radio groups are labelled where they are used.
const FILTER_COMPONENTS = ["Select", "RadioGroup"];
const FILTER_FILES = ["src/features/marketplace/components/MarketplacePage.tsx", "src/features/deal-room/components/AccessRequestsPage.tsx"];

// Query keys come from a key factory in a `*-keys.ts` file, never typed by hand where they are used:
// a key typed twice drifts, and an invalidation then silently misses its cache entry
// (docs/decisions/026-query-keys-and-tables.md).
const HAND_TYPED_QUERY_KEYS = [
        {
          selector: "Property[key.name=/^(queryKey|mutationKey)$/] > ArrayExpression.value",
          message: "Use a query-key factory (src/lib/api/<entity>-keys.ts or the feature's api/*-keys.ts), not a hand-typed array.",
        },
        {
          selector: "Property[key.name=/^(queryKey|mutationKey)$/] > :matches(TSAsExpression, TSSatisfiesExpression).value > ArrayExpression.expression",
          message: "Use a query-key factory (src/lib/api/<entity>-keys.ts or the feature's api/*-keys.ts), not a hand-typed array.",
        },
        {
          selector: "CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueryState)$/] > ArrayExpression.arguments:first-child",
          message: "Use a query-key factory (src/lib/api/<entity>-keys.ts or the feature's api/*-keys.ts), not a hand-typed array.",
        },
        {
          selector: "CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueryState)$/] > :matches(TSAsExpression, TSSatisfiesExpression).arguments:first-child > ArrayExpression.expression",
          message: "Use a query-key factory (src/lib/api/<entity>-keys.ts or the feature's api/*-keys.ts), not a hand-typed array.",
        },
        {
          selector: "VariableDeclarator[id.name=/Keys$/][init.type='ObjectExpression']",
          message: "Key factories live in a *-keys.ts file (src/lib/api/<entity>-keys.ts when features share them).",
        },
];

export default tseslint.config(
  { ignores: ["dist", ".build", ".cache", "node_modules", "pacts", "test-results", "playwright-report", ".data", "server/migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
      // Resolve into dependencies but never parse them (PGlite's bundle overflows the parser).
      "import-x/ignore": ["node_modules"],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
      "import-x/no-cycle": "error",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*-keys.ts"],
    rules: { "no-restricted-syntax": ["error", ...HAND_TYPED_QUERY_KEYS] },
  },
  // no-restricted-syntax's options replace each other per file (they never add up): each block below repeats the key rules.
  {
    files: ["src/**/*.tsx"],
    ignores: ["src/components/ui/**", "src/lib/**"],
    rules: { "no-restricted-syntax": ["error", ...HAND_TYPED_QUERY_KEYS, handWired(FORM_FIELD_COMPONENTS, ["label", "description", "errorMessage", "isInvalid"])] },
  },
  {
    files: FILTER_FILES,
    rules: {
      "no-restricted-syntax": [
        "error",
        ...HAND_TYPED_QUERY_KEYS,
        handWired(FORM_FIELD_COMPONENTS, ["description", "errorMessage", "isInvalid"]),
        handWired(
          FORM_FIELD_COMPONENTS.filter((name) => !FILTER_COMPONENTS.includes(name)),
          ["label"],
        ),
      ],
    },
  },
  {
    // Playwright fixtures call their callback `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
