import { describe, expect, it } from "vitest";
import { FAQ_GROUPS } from "../../../content/faq.ts";
import { formatMxn } from "../../../content/format.ts";
import { PRIVACY } from "../../../content/legal.ts";
import { SITE_PATH_PATTERN } from "../../../contracts/bot.ts";
import { buildPassages } from "../../../server/bot/passages.ts";
import { PLANS } from "../../../server/payments/plans.ts";
import { routeTable } from "../../../src/app/route-table.ts";

const passages = buildPassages(PLANS);

describe("Puente Bot's passages", () => {
  it("have unique keys, and each names a page of the site by the title the site gives it", () => {
    expect(new Set(passages.map((passage) => passage.key)).size).toBe(passages.length);
    for (const passage of passages) {
      expect(passage.href, passage.key).toMatch(SITE_PATH_PATTERN);
      const path = passage.href.split("#")[0];
      const route = routeTable.find((entry) => entry.path === path);
      expect(route, `${passage.key}: ${passage.href} is not a route`).toBeDefined();
      // The home page's title is its headline; the bot calls it by its name.
      expect(passage.page, passage.key).toBe(path === "/" ? "Inicio" : route?.title);
      expect(passage.body.trim(), passage.key).not.toBe("");
    }
  });

  it("quote every FAQ answer and every legal section", () => {
    const bodies = passages.map((passage) => passage.body);
    for (const group of FAQ_GROUPS) for (const question of group.questions) expect(bodies).toContain(question.a);
    for (const section of PRIVACY.sections) expect(passages.some((passage) => passage.href === `${PRIVACY.path}#${section.id}`), section.id).toBe(true);
  });

  it("keep a paragraph that introduces a list with its list", () => {
    const purposes = passages.find((passage) => passage.key === "privacy/finalidades/0");
    expect(purposes?.body).toMatch(/^Finalidades primarias, necesarias para el servicio:\nCrear y administrar tu cuenta/);
  });

  it("price every plan from the plan table it is given", () => {
    for (const name of new Set(PLANS.map((plan) => plan.name))) {
      const passage = passages.find((candidate) => candidate.key === `plans/${name}`);
      for (const plan of PLANS.filter((candidate) => candidate.name === name)) {
        expect(passage?.body).toContain(`${formatMxn(plan.amount_mxn)} MXN ${plan.interval === "month" ? "al mes" : "cada 3 meses"} + IVA`);
      }
    }
    const cheaper = buildPassages(PLANS.map((plan) => ({ ...plan, amount_mxn: plan.amount_mxn - 1 })));
    expect(cheaper.find((passage) => passage.key === "plans/Explora")?.body).toContain("$1,499 MXN al mes + IVA");
  });

  it("agree with the FAQ's prices, which the FAQ writes out (change both together)", () => {
    const faq = FAQ_GROUPS.flatMap((group) => group.questions).find((question) => question.q === "¿Cuánto cuesta usar Puente?");
    for (const name of new Set(PLANS.map((plan) => plan.name))) {
      const [monthly, quarterly] = (["month", "quarter"] as const).map((interval) => PLANS.find((plan) => plan.name === name && plan.interval === interval));
      expect(faq?.a).toContain(
        `${name} (MXN ${formatMxn(monthly?.amount_mxn ?? 0)} al mes o ${formatMxn(quarterly?.amount_mxn ?? 0)} cada 3 meses, con comisión de éxito de ${monthly?.success_fee_percent ?? 0}% + IVA)`,
      );
    }
  });
});
