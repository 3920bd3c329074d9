import { readdirSync } from "node:fs";
import path from "node:path";
import { Verifier } from "@pact-foundation/pact";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SCRYPT_PARAMS } from "../../../server/auth/passwords.ts";
import { startServer, type RunningServer } from "../../../server/start.ts";
import { seedCatalogues } from "../../../server/seed/catalogues.ts";
import { createUser, normalizeEmail } from "../../../server/users/create-user.ts";
import { findUserForLogin } from "../../../server/users/session-claims.ts";

const PACT_DIR = path.resolve(import.meta.dirname, "../../../pacts");
const pactFiles = readdirSync(PACT_DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) => path.join(PACT_DIR, name));

const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);

describe("provider verification: every pact in pacts/ against the real server", () => {
  let server: RunningServer;

  beforeAll(async () => {
    // No demo data: each interaction's state handler seeds what it needs.
    server = await startServer({ seedDemo: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("finds pact files to verify", () => {
    expect(pactFiles.length).toBeGreaterThan(0);
  });

  it("honours every interaction", async () => {
    // State handlers seed through the server's own code, never raw SQL.
    const stateHandlers = {
      "the reference catalogues are seeded": async () => {
        await seedCatalogues(server.db);
        return undefined;
      },
      "a buyer account exists": async (params: unknown) => {
        const fields = typeof params === "object" && params !== null ? params : {};
        const email = normalizeEmail(text(Reflect.get(fields, "email"), "comprador.pact@example.mx"));
        if ((await findUserForLogin(server.db, email)) === null) {
          await createUser(
            server.db,
            {
              email,
              password: text(Reflect.get(fields, "password"), "Contrasena-segura-1"),
              name: "Comprador Pact",
              phone: "5512345678",
              roles: ["buyer"],
            },
            { params: TEST_SCRYPT_PARAMS },
          );
        }
        return undefined;
      },
    };

    await new Verifier({
      provider: "puente-api",
      providerBaseUrl: server.url,
      pactUrls: pactFiles,
      stateHandlers,
      logLevel: "warn",
    }).verifyProvider();
  });
});
