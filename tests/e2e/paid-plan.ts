import type { APIRequestContext } from "@playwright/test";
import type { PlanId } from "../../contracts/subscriptions.ts";
import { expect, type Credentials } from "./fixtures.ts";

/**
 * Pays `plan` for an account through the API and the local checkout's form,
 * as its 'Pagar' button does, for specs whose subject starts after paying.
 * Answers the token of the API session it opened.
 */
export async function payPlanThroughApi(request: APIRequestContext, credentials: Credentials, plan: PlanId): Promise<string> {
  const session = await request.post("/api/sessions", { data: credentials });
  const token = String((await session.json()).access_token);
  const opened = await request.post("/api/payments/checkout_sessions", { headers: { authorization: `Bearer ${token}` }, data: { subscription_id: plan } });
  expect(opened.status(), await opened.text()).toBe(201);
  const paid = await request.post(new URL(String((await opened.json()).checkout_url)).pathname, { form: { outcome: "paid" }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return token;
}
