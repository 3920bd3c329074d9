import { updateCompanyEndpoint } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

export interface CompanyBasics {
  readonly name: string;
  readonly legal_name: string | null;
  readonly comercial_name: string | null;
  readonly society_id: number | null;
  readonly tax_system_id: number | null;
}

/**
 * PUT /companies/{id} after step 1 (spec section 7): the company's own record
 * gets the names, society and tax system. Called from contracts directly: a
 * feature may not import the companies feature.
 */
export const updateCompanyBasics = (companyId: number, body: CompanyBasics) =>
  callEndpoint(updateCompanyEndpoint, { params: { id: companyId }, body });
