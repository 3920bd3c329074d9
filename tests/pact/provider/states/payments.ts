import { eq } from "drizzle-orm";
import { TEST_SCRYPT_PARAMS } from "../../../../server/auth/passwords.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { createUser } from "../../../../server/auth/users.ts";
import { checkoutSessions, payments, subscriptions } from "../../../../server/payments/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import { payPlan } from "../../../server/paid-plan.ts";
import type { ProviderStates } from "./types.ts";

const PASSWORD = "Contrasena-segura-1";
const DAY = 24 * 60 * 60 * 1000;

/**
 * A seller (created once) with no plan and no payment history, logged in
 * through POST /api/sessions. Each state resets the seller, because an
 * interaction may have changed it (a cancellation, a checkout).
 */
async function freshSeller(server: RunningServer, email: string): Promise<number> {
  await seedCatalogues(server.db);
  const existing = await findUserForLogin(server.db, email);
  const id =
    existing?.id ??
    (await createUser(server.db, { email, password: PASSWORD, name: "Vendedora Pact", phone: "8112345678", roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS })).id;
  await server.db.delete(payments).where(eq(payments.userId, id));
  await server.db.delete(checkoutSessions).where(eq(checkoutSessions.userId, id));
  await server.db
    .update(subscriptions)
    .set({ status: "free", isPaid: false, planId: null, nickname: null, amount: null, periodStart: null, periodEnd: null, cancelAt: null, provider: null, providerCustomerId: null, providerSubscriptionId: null })
    .where(eq(subscriptions.userId, id));
  return id;
}

async function logIn(server: RunningServer, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body: unknown = await response.json();
  const token = typeof body === "object" && body !== null ? Reflect.get(body, "access_token") : undefined;
  if (typeof token !== "string") throw new Error(`provider state: log-in of ${email} failed (${response.status})`);
  return token;
}

/**
 * `months` monthly Explora payments through the server's own checkout and
 * event code, the oldest `months - 1` months ago and the last one today:
 * the plan is active now, and Historial has that many rows.
 */
async function payExploraMonthly(server: RunningServer, userId: number, email: string, months: number): Promise<void> {
  for (let age = months - 1; age >= 0; age -= 1) await payPlan(server.db, { userId, email, planId: "explora_monthly", at: new Date(Date.now() - age * 30 * DAY) });
}

/**
 * Sellers on each side of the paid line, for the plans page, Configuración >
 * Planes and Historial. Each answers `sellerToken` (fromProviderState).
 */
export const paymentStates: ProviderStates = (server) => ({
  "a seller on the free plan is signed in": async () => {
    const email = "vendedora.gratis.pact@example.mx";
    await freshSeller(server, email);
    return { sellerToken: await logIn(server, email) };
  },
  "a seller with an active Explora plan is signed in": async () => {
    const email = "vendedora.explora.pact@example.mx";
    const id = await freshSeller(server, email);
    // Seven monthly payments: Historial has a second page (5 per page).
    await payExploraMonthly(server, id, email, 7);
    return { sellerToken: await logIn(server, email) };
  },
  "a seller with a cancelled Explora plan is signed in": async () => {
    const email = "vendedora.cancelada.pact@example.mx";
    const id = await freshSeller(server, email);
    await payExploraMonthly(server, id, email, 2);
    const sellerToken = await logIn(server, email);
    // Cancelled the way the app does it: access continues until cancel_at.
    const cancelled = await fetch(`${server.url}/api/subscriptions`, { method: "DELETE", headers: { authorization: `Bearer ${sellerToken}` } });
    if (cancelled.status !== 200) throw new Error(`provider state: cancelling failed (${cancelled.status})`);
    return { sellerToken };
  },
});
