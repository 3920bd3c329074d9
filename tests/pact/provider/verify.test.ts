import { readdirSync } from "node:fs";
import path from "node:path";
import { Verifier } from "@pact-foundation/pact";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameLimitForEveryBucket } from "../../../server/http/rate-limit.ts";
import { startServer, type RunningServer } from "../../../server/start.ts";
import { accountStates } from "./states/accounts.ts";
import { adminStates } from "./states/admin.ts";
import { buyerLeadStates } from "./states/buyer-leads.ts";
import { catalogueStates } from "./states/catalogues.ts";
import { marketplaceStates } from "./states/marketplace.ts";
import { dataRoomStates } from "./states/data-room.ts";
import { dealRoomStates } from "./states/deal-room.ts";
import { emailVerificationStates } from "./states/email-verification.ts";
import { companyWriteStates } from "./states/company-writes.ts";
import { leadStates } from "./states/leads.ts";
import { paymentStates } from "./states/payments.ts";
import { kybStates } from "./states/kyb.ts";
import { onboardingStates } from "./states/onboarding.ts";
import { savedSearchStates } from "./states/saved-searches.ts";
import { sellerAnalyticsStates } from "./states/seller-analytics.ts";
import { sessionStates } from "./states/sessions.ts";
import type { ProviderStates } from "./states/types.ts";
import { providerClock } from "./states/clock.ts";

// Add a feature's provider states here (one file per feature in states/).
const FEATURE_STATES: ReadonlyArray<ProviderStates> = [catalogueStates, sessionStates, leadStates, marketplaceStates, accountStates, paymentStates, dataRoomStates, kybStates, companyWriteStates, onboardingStates, adminStates, dealRoomStates, sellerAnalyticsStates, savedSearchStates, emailVerificationStates, buyerLeadStates];

const PACT_DIR = path.resolve(import.meta.dirname, "../../../pacts");
const pactFiles = readdirSync(PACT_DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) => path.join(PACT_DIR, name));

describe("provider verification: every pact in pacts/ against the real server", () => {
  let server: RunningServer;

  beforeAll(async () => {
    // No demo data: each interaction's state handler seeds what it needs.
    // State handlers log in and sign up from one IP: limits out of the way
    // (tests/server/rate-limit.test.ts proves the 429s).
    const generous = { max: 100_000, windowMs: 60_000 };
    // No built app: the pacts are the API's, and scripts/test.sh builds dist/ meanwhile.
    // The clock: the system's, unless a state moves it (states/clock.ts).
    server = await startServer({ seedDemo: false, distDir: null, rateLimits: sameLimitForEveryBucket(generous), clock: providerClock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("finds pact files to verify", () => {
    expect(pactFiles.length).toBeGreaterThan(0);
  });

  it("names each provider state once (a second handler would silently replace the first)", () => {
    const names = FEATURE_STATES.flatMap((states) => Object.keys(states(server)));
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("honours every interaction", async () => {
    const stateHandlers = Object.assign({}, ...FEATURE_STATES.map((states) => states(server)));
    await new Verifier({
      provider: "puente-api",
      providerBaseUrl: server.url,
      pactUrls: pactFiles,
      stateHandlers,
      logLevel: "warn",
    }).verifyProvider();
  });
});
