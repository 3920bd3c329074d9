import { describe, expect, it } from "vitest";
import { COMPANY_MESSAGES, CompanyContactInput, CompanyCreateRequest, PUBLISHED_COMPANY_STATUS_ID } from "../../../contracts/companies.ts";
import { INVALID_EMAIL_MESSAGE } from "../../../contracts/fields.ts";
import { companyBodyOf, initialCompanyValues, MULTI, SELECTS, selectLabel, withContactFieldErrors } from "../../../src/features/companies/state/company-form-values.ts";
import { validateForm } from "../../../src/lib/form-schema.ts";
import { publicationNote } from "../../../src/features/companies/components/publication-note.ts";
import { formatAmount, formatAmountInput, parseAmountInput } from "../../../src/lib/amount-input.ts";

const CREATED = 1;
const PAUSED = 4;

describe("the admin form's publication note", () => {
  it("says where the company stands and what saving the chosen status does", () => {
    expect(publicationNote(false, CREATED)).toBe("No publicada: no aparece en el marketplace.");
    expect(publicationNote(false, PUBLISHED_COMPANY_STATUS_ID)).toBe("No publicada: no aparece en el marketplace. Al guardar se publicará.");
    expect(publicationNote(true, PUBLISHED_COMPANY_STATUS_ID)).toBe("Publicada: aparece en el marketplace.");
    expect(publicationNote(true, PAUSED)).toBe("Publicada: aparece en el marketplace. Al guardar dejará de aparecer.");
  });

  it("on a new company, whether it will be created published", () => {
    expect(publicationNote(null, CREATED)).toBe("Se creará sin publicar: no aparecerá en el marketplace.");
    expect(publicationNote(null, null)).toBe("Se creará sin publicar: no aparecerá en el marketplace.");
    expect(publicationNote(null, PUBLISHED_COMPANY_STATUS_ID)).toBe("Al crearla se publicará en el marketplace.");
  });
});

describe("currency inputs (spec section 5: $, comma thousands, dot decimals, precision 2)", () => {
  it("formats amounts with two decimals and comma thousands", () => {
    expect(formatAmount(2_500_000)).toBe("2,500,000.00");
    expect(formatAmount(1_500_000.5)).toBe("1,500,000.50");
    expect(formatAmount(-12.345)).toBe("-12.35");
    expect(formatAmount(0)).toBe("0.00");
    expect(formatAmount(null)).toBe("");
  });

  it("reads what a person typed, with or without the decoration", () => {
    expect(parseAmountInput("2,500,000.00")).toBe(2_500_000);
    expect(parseAmountInput(" $ 1,000.5 ")).toBe(1000.5);
    expect(parseAmountInput("12.5 %")).toBe(12.5);
    expect(parseAmountInput("   ")).toBeNull();
    expect(parseAmountInput("doce")).toBeNaN();
  });

  it("on leaving the field, reformats a number and leaves anything else for the schema's message", () => {
    expect(formatAmountInput("2500000")).toBe("2,500,000.00");
    expect(formatAmountInput("$1,234.5")).toBe("1,234.50");
    expect(formatAmountInput("doce")).toBe("doce");
    expect(formatAmountInput("")).toBe("");
  });
});

describe("the admin's company form (issue 28)", () => {
  const roleSelect = SELECTS.find((select) => select.key === "user_company_role_id");
  const interests = MULTI.find((multi) => multi.key === "interest_ids");

  it("never speaks to the admin as the company's owner: the role and the interests are the company's contact's", () => {
    if (roleSelect === undefined || interests === undefined) throw new Error("the form lost a field");
    expect(selectLabel(roleSelect, false)).toBe("Tu rol en la empresa");
    expect(selectLabel(roleSelect, true)).toBe("Rol del contacto en la empresa");
    expect(selectLabel(interests, false)).toBe("¿Qué te interesa?");
    for (const select of [...SELECTS, ...MULTI]) expect(selectLabel(select, true), select.key).not.toMatch(/\bte\b|\btu\b/i);
  });

  it("requires the contact's name and e-mail, and says both at once under their fields, with the contract's messages", () => {
    const values = { ...initialCompanyValues(null, null), name: "Mueblería Colonial" };
    const body = companyBodyOf(values, { isAdmin: true, sendContact: true });
    const errorsOf = (sent: Record<string, unknown>) => {
      const result = validateForm(CompanyCreateRequest, sent);
      if (result.ok) return {};
      const contact = validateForm(CompanyContactInput, sent["contact"]);
      return withContactFieldErrors(result.errors, contact.ok ? {} : contact.errors);
    };
    expect(errorsOf(body)).toEqual({ contact_name: COMPANY_MESSAGES.contactName, contact_email: COMPANY_MESSAGES.contactEmail });
    const named = companyBodyOf({ ...values, contact_name: "Rosa Artesana" }, { isAdmin: true, sendContact: true });
    expect(errorsOf(named)).toEqual({ contact_email: COMPANY_MESSAGES.contactEmail });
    const badEmail = companyBodyOf({ ...values, contact_name: "Rosa Artesana", contact_email: "rosa@" }, { isAdmin: true, sendContact: true });
    expect(errorsOf(badEmail)).toEqual({ contact_email: INVALID_EMAIL_MESSAGE });
    const complete = companyBodyOf({ ...values, contact_name: "Rosa Artesana", contact_email: "Rosa@Ejemplo.mx " }, { isAdmin: true, sendContact: true });
    expect(validateForm(CompanyCreateRequest, complete).ok).toBe(true);
    // Other fields' messages stay as they were.
    expect(withContactFieldErrors({ name: COMPANY_MESSAGES.name }, {})).toEqual({ name: COMPANY_MESSAGES.name });
  });
});
