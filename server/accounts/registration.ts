import { eq } from "drizzle-orm";
import {
  createBuyerEndpoint,
  unknownOptionMessage,
  type BuyerRegistrationRequest,
  type SellerRegistrationRequest,
} from "../../contracts/registration.ts";
import type { HashOptions } from "../auth/passwords.ts";
import { createUser, normalizeEmail } from "../auth/users.ts";
import { catalogueNames, requireChoices, type CatalogueChoice } from "../catalogues/names.ts";
import { createCompany } from "../companies/create-company.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Database } from "../db/open.ts";
import { DEFAULT_COMPANY_STATUS_ID, DEFAULT_VERIFICATION_LEVEL_ID } from "../companies/schema.ts";
import { buyerProfiles } from "./schema.ts";
import { users } from "../auth/schema.ts";
import { fail } from "../http/router.ts";

// Both sign-ups answer the same 409 (the seller endpoint declares the same case).
const duplicateEmail = createBuyerEndpoint.errors.duplicateEmail;

/** 400 naming the form's field for the first id that is not in its catalogue (nothing is written). */
async function assertChoices(db: Database, choices: ReadonlyArray<readonly [CatalogueChoice["catalogue"], number, string]>): Promise<void> {
  requireChoices(
    await catalogueNames(db),
    choices.map(([catalogue, id, label]) => ({ catalogue, id, error: unknownOptionMessage(label) })),
  );
}

async function assertEmailFree(db: Database, email: string): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  if (existing !== undefined) throw fail(duplicateEmail);
}

/** A unique violation on users.email (two sign-ups racing) is the same 409. */
const asDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw fail(duplicateEmail);
  throw error;
};

/** What else a buyer's sign-up writes in its transaction (the verification e-mail: server/accounts/routes.ts). */
export type AlongWithBuyer = (tx: Database, buyer: { readonly id: number; readonly email: string }) => Promise<void>;

/** POST /buyers: the buyer account and its profile (and `alongWith`'s writes), in one transaction. */
export async function registerBuyer(
  db: Database,
  input: BuyerRegistrationRequest,
  options: HashOptions & { readonly alongWith?: AlongWithBuyer } = {},
): Promise<{ id: number; email: string }> {
  await assertEmailFree(db, input.user.email);
  await assertChoices(db, [
    ["buyer_descriptions", input.buyer_description_id, "Qué te describe mejor"],
    ["states", input.state_id, "Estado"],
    ["investment_sizes", input.investment_size_id, "Ticket de inversión"],
  ]);
  return db
    .transaction(async (tx) => {
      const user = await createUser(
        tx,
        { email: input.user.email, password: input.user.password, name: input.user.name, phone: input.user.phone, roles: ["buyer"] },
        options,
      );
      await tx.insert(buyerProfiles).values({
        userId: user.id,
        buyerDescriptionId: input.buyer_description_id,
        stateId: input.state_id,
        investmentDescriptionSummary: input.investment_description_summary,
        investmentSizeId: input.investment_size_id,
        website: input.user.website === undefined || input.user.website === "" ? null : input.user.website,
      });
      const buyer = { id: user.id, email: user.email };
      await options.alongWith?.(tx, buyer);
      return buyer;
    })
    .catch(asDuplicate);
}

/**
 * POST /sellers: the seller account and its first company, in one
 * transaction. The company starts as 'Created' / 'Pendiente', unpublished,
 * owned by the seller with the seller as its contact.
 */
export async function registerSeller(
  db: Database,
  input: SellerRegistrationRequest,
  options: HashOptions = {},
): Promise<{ id: number; email: string; company: { id: number; humanId: string } }> {
  await assertEmailFree(db, input.user.email);
  await assertChoices(db, [
    ["industries", input.industry_id, "Industria"],
    ["company_types", input.company_type_id, "Tipo de empresa"],
    ["states", input.state_id, "Estado"],
    ["countries", input.country_id, "País"],
    ["interests", input.interest_id, "Interés"],
    ["user_company_roles", input.user_company_role_id, "Rol en la empresa"],
    ["ebitda_ranges", input.ebitda_range_id, "Rango de EBITDA"],
    ["yearly_sales_ranges", input.yearly_sales_range_id, "Rango de ventas"],
  ]);
  return db
    .transaction(async (tx) => {
      const user = await createUser(
        tx,
        { email: input.user.email, password: input.user.password, name: input.user.name, phone: input.user.phone, roles: ["seller"] },
        options,
      );
      const company = await createCompany(tx, {
        name: input.name,
        website: input.website,
        foundationDate: input.foundation_date,
        headcount: input.headcount,
        shortDescription: input.short_description,
        companyTypeId: input.company_type_id,
        stateId: input.state_id,
        countryId: input.country_id,
        userCompanyRoleId: input.user_company_role_id,
        ebitdaRangeId: input.ebitda_range_id,
        yearlySalesRangeId: input.yearly_sales_range_id,
        companyStatusId: DEFAULT_COMPANY_STATUS_ID,
        verificationLevelId: DEFAULT_VERIFICATION_LEVEL_ID,
        isPublished: false,
        ownerUserId: user.id,
        contactName: user.name,
        contactEmail: user.email,
        contactPhone: user.phone,
        industryIds: [input.industry_id],
        interestIds: [input.interest_id],
      });
      return { id: user.id, email: user.email, company };
    })
    .catch(asDuplicate);
}
