import { describe, expect, it } from "vitest";
import { BUYER_LEAD_MESSAGES } from "../../../contracts/buyer-leads.ts";
import { INVALID_EMAIL_MESSAGE } from "../../../contracts/fields.ts";
import { buyersSentence } from "../../../src/features/buyer-leads/components/matches-text.ts";
import {
  BUYER_LEAD_PATH,
  buyerLeadHref,
  dealTypeId,
  dealTypeOf,
  EMPTY_BUYER_LEAD,
  validateBuyerLead,
  valuesFromSearch,
  type BuyerLeadValues,
} from "../../../src/features/buyer-leads/components/buyer-lead-form.ts";

const FILLED: BuyerLeadValues = {
  ...EMPTY_BUYER_LEAD,
  industry_ids: [1],
  sales_range_ids: [3],
  investment_size_id: 2,
  deal_type: "invest",
  description: "  Una empresa de software con ingresos recurrentes en el Bajío.  ",
  name: " Lucía Ramos ",
  email: "  Lucia.Ramos@Ejemplo.MX ",
  phone: "442 123 4567",
};

describe("the mandate form (Dime qué empresa buscas)", () => {
  it("carries the marketplace's industry, state and ranges into the form's address and back, and nothing else", () => {
    const href = buyerLeadHref({ industry_id: 3, state_id: 19, sales_range_id: 2, ebitda_id: 4, interest_id: 1, company_type_id: 2 });
    expect(href).toBe(`${BUYER_LEAD_PATH}?industry_id=3&state_id=19&sales_range_id=2&ebitda_id=4`);
    expect(valuesFromSearch(href.slice(href.indexOf("?")))).toEqual({ ...EMPTY_BUYER_LEAD, industry_ids: [3], state_ids: [19], sales_range_ids: [2], ebitda_range_ids: [4] });
    expect(buyerLeadHref({})).toBe(BUYER_LEAD_PATH);
    // Anything that is not an id is ignored.
    expect(valuesFromSearch("?industry_id=abc&state_id=0&ebitda_id=-3&sales_range_id=99999999999")).toEqual(EMPTY_BUYER_LEAD);
  });

  it("maps the deal types to the radio's ids and back", () => {
    expect([dealTypeId("buy"), dealTypeId("invest"), dealTypeId("either"), dealTypeId(null)]).toEqual([1, 2, 3, null]);
    expect([dealTypeOf(1), dealTypeOf(2), dealTypeOf(3), dealTypeOf(null), dealTypeOf(9)]).toEqual(["buy", "invest", "either", null, null]);
  });

  it("a visitor's form becomes the request with the contact, trimmed and the e-mail lowercased", () => {
    const result = validateBuyerLead(FILLED, false);
    expect(result).toEqual({
      ok: true,
      value: {
        industry_ids: [1],
        state_ids: [],
        sales_range_ids: [3],
        ebitda_range_ids: [],
        investment_size_id: 2,
        deal_type: "invest",
        description: "Una empresa de software con ingresos recurrentes en el Bajío.",
        name: "Lucía Ramos",
        email: "lucia.ramos@ejemplo.mx",
        phone: "442 123 4567",
      },
    });
  });

  it("a signed-in account's form sends no contact, even when the hidden fields hold something", () => {
    const result = validateBuyerLead({ ...FILLED, name: "", email: "no es un correo", phone: "" }, true);
    expect(result.ok).toBe(true);
    expect(result.ok && Object.keys(result.value)).not.toContain("email");
  });

  it("shows every message after one submit, the size rule's with the others", () => {
    const result = validateBuyerLead({ ...EMPTY_BUYER_LEAD, email: "lucia@", description: "corta" }, false);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toMatchObject({
      industry_ids: BUYER_LEAD_MESSAGES.industries,
      sales_range_ids: BUYER_LEAD_MESSAGES.size,
      investment_size_id: BUYER_LEAD_MESSAGES.ticket,
      deal_type: BUYER_LEAD_MESSAGES.dealType,
      description: BUYER_LEAD_MESSAGES.descriptionTooShort,
      name: BUYER_LEAD_MESSAGES.name,
      email: INVALID_EMAIL_MESSAGE,
      phone: BUYER_LEAD_MESSAGES.phone,
    });
    // An EBITDA range alone is a size.
    const ebitdaOnly = validateBuyerLead({ ...FILLED, sales_range_ids: [], ebitda_range_ids: [4] }, false);
    expect(ebitdaOnly.ok).toBe(true);
    const none = validateBuyerLead({ ...FILLED, sales_range_ids: [] }, false);
    expect(!none.ok && none.errors).toEqual({ sales_range_ids: BUYER_LEAD_MESSAGES.size });
  });

  it("tells the owner the count without naming anyone", () => {
    expect(buyersSentence(0, "owner")).toEqual({ count: null, text: "Por ahora ningún comprador activo busca una empresa como la tuya." });
    expect(buyersSentence(1, "owner")).toEqual({ count: "1", text: "comprador busca una empresa como la tuya." });
    expect(buyersSentence(1200, "admin")).toEqual({ count: "1,200", text: "compradores buscan una empresa como esta." });
  });
});
