import { eq, inArray } from "drizzle-orm";
import type { BuyerRegistrationRequest, SellerRegistrationRequest } from "../../contracts/registration.ts";
import type { HashOptions } from "../auth/passwords.ts";
import { createCompany } from "../companies/create-company.ts";
import type { Database } from "../db/open.ts";
import {
  DEFAULT_COMPANY_STATUS_ID,
  DEFAULT_VERIFICATION_LEVEL_ID,
  buyerDescriptions,
  buyerProfiles,
  companyTypes,
  countries,
  ebitdaRanges,
  industries,
  interests,
  investmentSizes,
  states,
  userCompanyRoles,
  users,
  yearlySalesRanges,
} from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { createUser, normalizeEmail } from "../users/create-user.ts";
import { isUniqueViolation } from "./db-errors.ts";

export const REGISTRATION_ERRORS = {
  duplicateEmail: "Ya existe una cuenta con ese email. Inicia sesión o recupera tu contraseña.",
  unknownOption: (label: string) => `La opción elegida en «${label}» no existe. Elige una opción de la lista.`,
} as const;

type CatalogueTable =
  | typeof buyerDescriptions
  | typeof states
  | typeof investmentSizes
  | typeof industries
  | typeof companyTypes
  | typeof countries
  | typeof interests
  | typeof userCompanyRoles
  | typeof ebitdaRanges
  | typeof yearlySalesRanges;

/** 400 with a Spanish message for the first id that is not in its catalogue (nothing is written). */
async function assertCatalogueIds(db: Database, checks: ReadonlyArray<readonly [CatalogueTable, number, string]>): Promise<void> {
  const found = await Promise.all(
    checks.map(([table, id]) => db.select({ id: table.id }).from(table).where(inArray(table.id, [id])).limit(1)),
  );
  const missing = checks.find((_, index) => found[index]?.length !== 1);
  if (missing !== undefined) throw new HttpError(400, REGISTRATION_ERRORS.unknownOption(missing[2]));
}

async function assertEmailFree(db: Database, email: string): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  if (existing !== undefined) throw new HttpError(409, REGISTRATION_ERRORS.duplicateEmail);
}

/** A unique violation on users.email (two sign-ups racing) is the same 409. */
const asDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new HttpError(409, REGISTRATION_ERRORS.duplicateEmail);
  throw error;
};

/** POST /buyers: the buyer account and its profile, in one transaction. */
export async function registerBuyer(
  db: Database,
  input: BuyerRegistrationRequest,
  options: HashOptions = {},
): Promise<{ id: number; email: string }> {
  await assertEmailFree(db, input.user.email);
  await assertCatalogueIds(db, [
    [buyerDescriptions, input.buyer_description_id, "Qué te describe mejor"],
    [states, input.state_id, "Estado"],
    [investmentSizes, input.investment_size_id, "Ticket de inversión"],
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
      return { id: user.id, email: user.email };
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
  await assertCatalogueIds(db, [
    [industries, input.industry_id, "Industria"],
    [companyTypes, input.company_type_id, "Tipo de empresa"],
    [states, input.state_id, "Estado"],
    [countries, input.country_id, "País"],
    [interests, input.interest_id, "Interés"],
    [userCompanyRoles, input.user_company_role_id, "Rol en la empresa"],
    [ebitdaRanges, input.ebitda_range_id, "Rango de EBITDA"],
    [yearlySalesRanges, input.yearly_sales_range_id, "Rango de ventas"],
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
