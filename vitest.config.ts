import { defineConfig } from "vitest/config";

// Four projects, run as separate steps by scripts/test.sh: pact consumer
// tests must finish writing pacts/ before the provider verification starts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          // Vitest's default is one worker per core but one (a single worker on CI's 2 cores).
          maxWorkers: 2,
          include: ["tests/unit/**/*.test.ts", "tests/machines/**/*.test.ts"],
          // Pure tests (no module mocks, no globals left behind): one module graph per worker instead of one per file
          // (most of this project's time was importing Effect and XState again for each file).
          isolate: false,
          setupFiles: ["tests/setup/fail-on-console.ts"],
          // A busy CI machine (2 cores) can slow CPU-bound tests several times over (the generated-path walks take
          // 10 s alone and passed 30 s beside other suites); time is never what they assert.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          // Two workers on CI's 2 cores: much of a server test waits on PostgreSQL, another process.
          maxWorkers: 2,
          include: ["tests/server/**/*.test.ts"],
          // Each file builds its own app and database through tests/server/harness.ts and mocks no module: one module
          // graph per worker instead of one per file (importing the server, Effect and the AWS SDK again for each
          // file was 75 s of a 169 s busy run).
          isolate: false,
          setupFiles: ["tests/setup/fail-on-console.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "pact-consumer",
          environment: "node",
          include: ["tests/pact/consumer/**/*.test.ts"],
          testTimeout: 30_000,
          fileParallelism: false,
          // One process imports Pact, the client and the contracts once for every file (they run one after another
          // anyway): 379 s to 121 s on a loaded machine, the same pact file.
          isolate: false,
        },
      },
      {
        test: {
          name: "pact-provider",
          environment: "node",
          include: ["tests/pact/provider/**/*.test.ts"],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
