import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const features = ["auth", "accounts", "marketplace", "catalogues", "public-site", "companies", "admin"];

// One-way imports: shared -> features -> app (see docs/decisions/002-layout.md).
// machines/ and contracts/ are pure and import neither the app nor the server;
// the server never imports the app.
const zones = [
  { target: "./machines", from: ["./src", "./server"], message: "machines/ is pure: no app or server code." },
  { target: "./contracts", from: ["./src", "./server", "./machines"], message: "contracts/ imports nothing of ours but contracts/." },
  { target: "./server", from: ["./src"], message: "The server never imports the app." },
  {
    target: ["./src/components", "./src/lib", "./src/hooks", "./src/styles", "./src/utils"],
    from: ["./src/features", "./src/app"],
    message: "Shared code must not import features or the app.",
  },
  { target: "./src/features", from: ["./src/app"], message: "Features must not import the app." },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "A feature must not import another feature; compose them in src/app.",
  })),
  { target: "./src", from: ["./server"], message: "Server-only code stays in server/." },
];

export default tseslint.config(
  { ignores: ["dist", "node_modules", "pacts", "test-results", "playwright-report", ".data", "server/migrations"] },
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
    // Playwright fixtures call their callback `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
