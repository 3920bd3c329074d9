import { Schema } from "effect";
import { BuyerLeadMemberForm, BuyerLeadVisitorForm, DEAL_TYPES, sizeIssue, type DealType } from "../../../../contracts/buyer-leads.ts";
import type { FieldErrors } from "../../../../contracts/fields.ts";
import type { FormResult } from "../../../lib/form.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import type { CreateBuyerLeadBody } from "../api/create-buyer-lead.ts";
import { CARRIED } from "./buyer-lead-link.ts";

export { BUYER_LEAD_PATH, buyerLeadHref } from "./buyer-lead-link.ts";

/**
 * The mandate form's logic, pure (tests/unit/buyer-leads): its values, the
 * marketplace's filters carried into it by a link, and the validation that
 * turns the values into the request (the contract's schemas and messages: a
 * visitor's with the contact, a signed-in account's without).
 */

export interface BuyerLeadValues {
  readonly industry_ids: ReadonlyArray<number>;
  readonly state_ids: ReadonlyArray<number>;
  readonly sales_range_ids: ReadonlyArray<number>;
  readonly ebitda_range_ids: ReadonlyArray<number>;
  readonly investment_size_id: number | null;
  readonly deal_type: DealType | null;
  readonly description: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
}

export const EMPTY_BUYER_LEAD: BuyerLeadValues = {
  industry_ids: [],
  state_ids: [],
  sales_range_ids: [],
  ebitda_range_ids: [],
  investment_size_id: null,
  deal_type: null,
  description: "",
  name: "",
  email: "",
  phone: "",
};

const ID = /^[1-9]\d{0,9}$/;

/** The form's first values: empty, with the carried filters (anything else in the address ignored). */
export function valuesFromSearch(search: string): BuyerLeadValues {
  const params = new URLSearchParams(search);
  let values = EMPTY_BUYER_LEAD;
  for (const [key, list] of CARRIED) {
    const raw = params.get(key) ?? "";
    if (ID.test(raw)) values = { ...values, [list]: [Number(raw)] };
  }
  return values;
}

/** The deal types as the radio group's options (ids 1, 2, 3), and back. */
export const dealTypeId = (type: DealType | null): number | null => (type === null ? null : DEAL_TYPES.indexOf(type) + 1);
export const dealTypeOf = (id: number | null): DealType | null => (id === null ? null : (DEAL_TYPES[id - 1] ?? null));

/**
 * The request, or the message per field. The size rule (sales and/or
 * EBITDA) is checked with the other fields, not only once they all pass,
 * so every message shows after one submit. The e-mail is trimmed and
 * lowercased (spec section 5).
 */
export function validateBuyerLead(values: BuyerLeadValues, signedIn: boolean): FormResult<CreateBuyerLeadBody> {
  const { name, email, phone, ...criteria } = values;
  if (signedIn) {
    const result = validateForm(BuyerLeadMemberForm, criteria);
    return result.ok ? { ok: true, value: Schema.encodeSync(BuyerLeadMemberForm)(result.value) } : withSizeMessage(result.errors, values);
  }
  const result = validateForm(BuyerLeadVisitorForm, { ...criteria, name, phone, email: email.trim().toLowerCase() });
  return result.ok ? { ok: true, value: Schema.encodeSync(BuyerLeadVisitorForm)(result.value) } : withSizeMessage(result.errors, values);
}

/** The messages, with the size rule's when it is broken and its field has none yet. */
function withSizeMessage(errors: FieldErrors, values: BuyerLeadValues): FormResult<never> {
  const size = sizeIssue(values);
  const key = size?.path[0];
  return { ok: false, errors: size === null || key === undefined || errors[key] !== undefined ? errors : { ...errors, [key]: size.message } };
}
