import { count, inArray } from "drizzle-orm";
import type { Role } from "../../contracts/sessions.ts";
import type { HashOptions } from "../auth/passwords.ts";
import { createCompany, type CreateCompanyInput } from "../companies/create-company.ts";
import type { Database } from "../db/open.ts";
import { accessRequests, ndaAcceptances } from "../deal-room/schema.ts";
import { buyerProfiles } from "../accounts/schema.ts";
import { users } from "../auth/schema.ts";
import { acceptanceRow } from "../deal-room/nda.ts";
import { NDA_VERSIONS } from "../../content/nda.ts";
import { createUser } from "../auth/users.ts";
import {
  COMPANY_ATTRIBUTES,
  COMPANY_STATUS,
  COMPANY_TYPE,
  EBITDA_RANGES,
  INTEREST,
  MEXICO_COUNTRY_ID,
  SOCIETY_ROWS,
  STATES,
  TAX_SYSTEM_ROWS,
  YEARLY_SALES_RANGES,
  type RangeEntry,
} from "./catalogue-data.ts";
import { ARCHETYPES, STATE_CITIES, STATE_REGIONS, SURNAMES, type Archetype } from "./demo-archetypes.ts";

/** Password of every demo account. */
export const DEMO_PASSWORD = "Puente2026!";

export const DEMO_USERS = {
  admin: { email: "admin@puente.mx", name: "Administración Puente", phone: "8112345670", roles: ["admin"] },
  seller: { email: "vendedor@puente.mx", name: "Carlos Treviño", phone: "8112345671", roles: ["seller"] },
  buyer: { email: "comprador@puente.mx", name: "Daniela Fuentes", phone: "5512345672", roles: ["buyer"] },
} as const satisfies Record<string, { email: string; name: string; phone: string; roles: ReadonlyArray<Role> }>;

/** More demo sellers who own part of the marketplace. */
const OTHER_SELLERS = [
  { email: "lucia.ramirez@demo.puente.mx", name: "Lucía Ramírez", phone: "3312345601" },
  { email: "jorge.villarreal@demo.puente.mx", name: "Jorge Villarreal", phone: "8112345602" },
  { email: "mariana.ortiz@demo.puente.mx", name: "Mariana Ortiz", phone: "2221234503" },
  { email: "ricardo.salazar@demo.puente.mx", name: "Ricardo Salazar", phone: "9991234504" },
  { email: "fernanda.aguilar@demo.puente.mx", name: "Fernanda Aguilar", phone: "4421234505" },
] as const;

/**
 * A second demo buyer, whose pending access request waits for the demo
 * seller (issue 16): a first-time seller sees the deal room's flow at once.
 */
export const DEMO_REQUESTING_BUYER = { email: "mauricio.garza@demo.puente.mx", name: "Mauricio Garza", phone: "8112345609" } as const;

/** Published companies the demo marketplace starts with (two per state). */
export const DEMO_PUBLISHED_COMPANIES = 64;

// --- Deterministic randomness ------------------------------------------------

/** mulberry32: a small seeded PRNG, so every demo database is the same. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

type Random = ReturnType<typeof seededRandom>;

const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: ReadonlyArray<T>): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
};

// --- RFC (SAT check digit, see the public algorithm) -------------------------

const RFC_VALUES = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

export const rfcCheckDigit = (withoutDigit: string): string => {
  const padded = withoutDigit.length === 11 ? ` ${withoutDigit}` : withoutDigit;
  let sum = 0;
  for (let index = 0; index < padded.length; index += 1) {
    const value = RFC_VALUES.indexOf(padded.charAt(index));
    sum += Math.max(value, 0) * (13 - index);
  }
  const r = 11 - (sum % 11);
  return r === 11 ? "0" : r === 10 ? "A" : String(r);
};

const plainLetters = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z ]/g, "");

const moralRfc = (name: string, year: number, random: Random): string => {
  const words = plainLetters(name)
    .split(" ")
    .filter((word) => word.length > 2 && !["DEL", "LAS", "LOS"].includes(word));
  const letters = `${words.map((word) => word[0]).join("")}XXX`.slice(0, 3);
  const date = `${String(year % 100).padStart(2, "0")}${String(between(random, 1, 12)).padStart(2, "0")}${String(between(random, 1, 28)).padStart(2, "0")}`;
  const homoclave = `${pick(random, [..."ABCDEFGHJKLMNPRSTUVWXYZ123456789"])}${pick(random, [..."ABCDEFGHJKLMNPRSTUVWXYZ123456789"])}`;
  const base = `${letters}${date}${homoclave}`;
  return `${base}${rfcCheckDigit(base)}`;
};

// --- Company generator ---------------------------------------------------------

const mxn = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", maximumFractionDigits: 0 });
const millions = (amount: number) => `${(amount / 1_000_000).toLocaleString("es-MX", { maximumFractionDigits: 1 })} millones de pesos`;

const rangeFor = (ranges: ReadonlyArray<RangeEntry>, amount: number): RangeEntry => {
  const found = ranges.find((range) => (range.min === null || amount >= range.min) && (range.max === null || amount < range.max));
  const fallback = ranges[ranges.length - 1];
  if (found !== undefined) return found;
  if (fallback === undefined) throw new Error("empty range catalogue");
  return fallback;
};

const archetypeAt = (index: number): Archetype => {
  const archetype = ARCHETYPES[index % ARCHETYPES.length];
  if (archetype === undefined) throw new Error("no archetypes");
  return archetype;
};

const interestSets: ReadonlyArray<ReadonlyArray<number>> = [
  [INTEREST.growthCapital],
  [INTEREST.sellAll],
  [INTEREST.sellStake],
  [INTEREST.growthCapital, INTEREST.sellStake],
  [INTEREST.merger],
  [INTEREST.sellStake, INTEREST.merger],
  [INTEREST.sellAll, INTEREST.merger],
];

const reasonFor = (interestIds: ReadonlyArray<number>, archetype: Archetype, random: Random): string => {
  if (interestIds.includes(INTEREST.sellAll)) {
    return pick(random, [
      "El fundador busca vender el 100% de la empresa como parte de su plan de retiro y está dispuesto a acompañar la transición durante un año.",
      "Los socios buscan la venta total para enfocarse en otros negocios; la operación no depende de ellos en el día a día.",
      "La segunda generación de la familia no continuará con el negocio, por lo que se busca un comprador que conserve al equipo.",
    ]);
  }
  if (interestIds.includes(INTEREST.growthCapital)) {
    return `Se busca capital para crecimiento para ${archetype.growthUse}. ${
      interestIds.includes(INTEREST.sellStake)
        ? "Los socios están abiertos a ceder una participación minoritaria a un inversionista que aporte experiencia en el sector."
        : "La ronda permitiría duplicar la escala en tres años."
    }`;
  }
  if (interestIds.includes(INTEREST.sellStake)) {
    return `Los accionistas buscan vender una participación a un socio estratégico que les ayude a ${archetype.growthUse}.${
      interestIds.includes(INTEREST.merger) ? " También evaluarían una fusión con una empresa complementaria." : ""
    }`;
  }
  return "La empresa busca una fusión con un jugador complementario para ganar escala, compartir clientes y reducir costos de operación.";
};

interface DemoCompany extends CreateCompanyInput {
  readonly name: string;
}

/**
 * The i-th demo company: deterministic, spread over states (two each),
 * industries, interests, ranges and verification levels.
 */
export function demoCompany(index: number, ownerUserId: number, owner: { name: string; email: string; phone: string }): DemoCompany {
  const random = seededRandom(2026 + index * 7919);
  const archetype = archetypeAt(index * 3 + Math.floor(index / ARCHETYPES.length));
  const state = STATES[index % STATES.length];
  if (state === undefined) throw new Error("no states");
  const stateId = Number(state[0]);
  const city = STATE_CITIES[stateId] ?? state[1];
  const region = STATE_REGIONS[stateId] ?? `de ${state[1]}`;
  const core = pick(random, archetype.names);
  const surname = pick(random, SURNAMES);
  const name = pick(random, [`${core} ${region}`, `Grupo ${core} ${surname}`, `${core} ${surname}`, `${core} ${region}`]);

  const foundationYear = between(random, 1978, 2021);
  const age = 2026 - foundationYear;
  // Sales: within the archetype's smallest range up to a few ranges above.
  const salesRange = YEARLY_SALES_RANGES[Math.min(archetype.minSalesRange - 1 + between(random, 0, 3), YEARLY_SALES_RANGES.length - 2)];
  if (salesRange === undefined) throw new Error("no sales range");
  const salesMin = salesRange.min ?? 0;
  const salesMax = salesRange.max ?? salesMin * 2;
  const yearlySales = Math.round((salesMin + random() * (salesMax - salesMin)) / 10_000) * 10_000 + 250_000;
  const ebitdaMargin = index % 17 === 5 ? -Math.round(random() * 60) / 10 : Math.round((6 + random() * 22) * 10) / 10;
  const ebitda = Math.round((yearlySales * ebitdaMargin) / 100 / 1000) * 1000;
  const headcount = Math.max(4, Math.round(yearlySales / between(random, 900_000, 2_400_000)));
  const averageYearlyGrowth = Math.round((random() * 30 - 3) * 10) / 10;
  const interestIds = interestSets[index % interestSets.length] ?? [INTEREST.growthCapital];
  const isFisica = yearlySales < 8_000_000 && index % 4 === 0;
  const society = isFisica ? undefined : SOCIETY_ROWS[pick(random, [0, 0, 0, 2, 2, 4, 6])];
  const taxSystem = TAX_SYSTEM_ROWS.find((row) =>
    isFisica ? row.code === (yearlySales < 3_500_000 ? "626" : "612") && row.personaType === "fisica" : row.code === "601",
  );
  const legalName = society === undefined ? owner.name : `${name} ${society.name}`;
  const models = archetype.models.filter((model) => COMPANY_ATTRIBUTES.some((attribute) => attribute.name === model));

  const shortDescription = `${capitalize(archetype.activity)} en ${city}. Atiende a ${archetype.customers}.`;
  const place = city.toLowerCase().includes(state[1].toLowerCase()) ? city : `${city}, ${state[1]}`;
  const longDescription = [
    `${name} se fundó en ${foundationYear} en ${place} y suma ${age} ${age === 1 ? "año" : "años"} de operación. Actividad principal: ${archetype.activity}. Hoy atiende a ${archetype.customers}.`,
    `Cuenta con ${archetype.facility}; su plantilla es de ${headcount} colaboradores. Su principal ventaja: ${archetype.edge}.`,
    `En el último ejercicio vendió alrededor de ${millions(yearlySales)} (${mxn.format(yearlySales)}), con un margen EBITDA de ${ebitdaMargin.toLocaleString("es-MX")}% y un crecimiento promedio de ${averageYearlyGrowth.toLocaleString("es-MX")}% anual en los últimos tres años. Modelo de negocio: ${models.join(", ")}.`,
    reasonFor(interestIds, archetype, random),
  ].join("\n\n");

  const verificationLevelId = pick(random, [1, 2, 2, 3, 3]);
  return {
    name,
    legalName,
    comercialName: name,
    rfc: society === undefined ? null : moralRfc(name, foundationYear, random),
    website: `https://www.${plainLetters(core).toLowerCase().replace(/ /g, "")}${stateId}.com.mx`,
    foundationDate: foundationYear,
    headcount,
    shortDescription,
    longDescription,
    companyTypeId: isFisica ? COMPANY_TYPE.fisica : COMPANY_TYPE.moral,
    stateId,
    countryId: MEXICO_COUNTRY_ID,
    companyStatusId: COMPANY_STATUS.published,
    verificationLevelId,
    ebitdaRangeId: rangeFor(EBITDA_RANGES, ebitda).id,
    yearlySalesRangeId: rangeFor(YEARLY_SALES_RANGES, yearlySales).id,
    userCompanyRoleId: pick(random, [1, 1, 2, 3]),
    ebitda,
    ebitdaMargin,
    yearlySales,
    fundingRound: interestIds.includes(INTEREST.growthCapital) ? Math.round((yearlySales * (0.2 + random() * 0.5)) / 100_000) * 100_000 : null,
    averageYearlyGrowth,
    societyId: society?.id ?? null,
    taxSystemId: taxSystem?.id ?? null,
    pictureUrl: null,
    ownerUserId,
    contactName: owner.name,
    contactEmail: owner.email,
    contactPhone: owner.phone,
    isPublished: true,
    isActive: true,
    industryIds: archetype.relatedIndustryId === undefined ? [archetype.industryId] : [archetype.industryId, archetype.relatedIndustryId],
    interestIds,
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// --- Seeding -----------------------------------------------------------------------

export interface SeedDemoOptions extends HashOptions {
  readonly companies?: number;
}

export interface SeedDemoResult {
  readonly seeded: boolean;
  readonly companies: number;
}

/**
 * Demo users and companies, only when the users table is empty (so a second
 * start, or a database with real users, is left alone).
 */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const [existing] = await db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) return { seeded: false, companies: 0 };

  const hashOptions: HashOptions = options.params === undefined ? {} : { params: options.params };
  const make = (user: { email: string; name: string; phone: string }, roles: ReadonlyArray<Role>, isOnboardingCompleted: boolean) =>
    createUser(db, { ...user, password: DEMO_PASSWORD, roles, isOnboardingCompleted }, hashOptions);

  await make(DEMO_USERS.admin, DEMO_USERS.admin.roles, true);
  const seller = await make(DEMO_USERS.seller, DEMO_USERS.seller.roles, true);
  const buyer = await make(DEMO_USERS.buyer, DEMO_USERS.buyer.roles, false);
  await db.insert(buyerProfiles).values({
    userId: buyer.id,
    buyerDescriptionId: 2,
    stateId: 19,
    investmentDescriptionSummary:
      "Family office regiomontano que busca participaciones mayoritarias en empresas rentables de manufactura, logística y servicios con ventas de $20 M a $150 M MXN.",
    investmentSizeId: 3,
    website: "https://www.fuentescapital.mx",
  });
  const requester = await make(DEMO_REQUESTING_BUYER, ["buyer"], false);
  await db.insert(buyerProfiles).values({
    userId: requester.id,
    buyerDescriptionId: 1,
    stateId: 19,
    investmentDescriptionSummary: "Empresario regiomontano que busca comprar una empresa de servicios o manufactura ligera con flujo estable para operarla él mismo.",
    investmentSizeId: 2,
    website: null,
  });
  const others = [];
  for (const other of OTHER_SELLERS) others.push({ ...other, id: (await make(other, ["seller"], true)).id });
  // Every demo account has opened its verification link (decision 023): the demo buyers may ask for access right away.
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(inArray(users.email, [...Object.values(DEMO_USERS).map((user) => user.email), DEMO_REQUESTING_BUYER.email, ...OTHER_SELLERS.map((other) => other.email)]));

  const owners = [{ ...DEMO_USERS.seller, id: seller.id }, ...others];
  const total = options.companies ?? DEMO_PUBLISHED_COMPANIES;
  let sellersFirst: { id: number; humanId: string } | null = null;
  for (let index = 0; index < total; index += 1) {
    const owner = owners[index % owners.length];
    if (owner === undefined) throw new Error("no demo owners");
    const created = await createCompany(db, demoCompany(index, owner.id, owner));
    if (owner.id === seller.id) sellersFirst ??= created;
  }
  if (sellersFirst !== null) await seedPendingRequest(db, sellersFirst, { id: requester.id, name: DEMO_REQUESTING_BUYER.name });
  // Two of the demo seller's companies still under review (not in the marketplace).
  for (let index = total; index < total + 2; index += 1) {
    await createCompany(db, {
      ...demoCompany(index, seller.id, DEMO_USERS.seller),
      isPublished: false,
      companyStatusId: COMPANY_STATUS.inReview,
      verificationLevelId: 1,
    });
  }
  // Every demo account's e-mail is verified (the demo buyer may ask for access at once); only demo accounts exist here.
  await db.update(users).set({ emailVerifiedAt: new Date() });
  return { seeded: true, companies: total + 2 };
}

/** The second demo buyer's request for the demo seller's first company, with its NDA acceptance, as POST /companies/{id}/access_requests writes them. */
async function seedPendingRequest(db: Database, company: { readonly id: number; readonly humanId: string }, buyer: { readonly id: number; readonly name: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .insert(accessRequests)
      .values({
        companyId: company.id,
        buyerUserId: buyer.id,
        message: "Hola, dirijo un grupo de inversión familiar en Monterrey. Me interesa conocer sus estados financieros y platicar sobre una posible compra mayoritaria.",
      })
      .returning({ id: accessRequests.id });
    if (request === undefined) throw new Error("seed: no access request id");
    // Seeded, not asked over the network: the loopback address stands for "this server".
    await tx.insert(ndaAcceptances).values(acceptanceRow({ versions: NDA_VERSIONS, accessRequestId: request.id, buyer, humanId: company.humanId, ip: "127.0.0.1", at: new Date() }));
  });
}

/** Ids of the demo users by e-mail (for tests and provider states). */
export async function demoUserIds(db: Database): Promise<ReadonlyMap<string, number>> {
  const emails = [DEMO_USERS.admin.email, DEMO_USERS.seller.email, DEMO_USERS.buyer.email];
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  return new Map(rows.map((row) => [row.email, row.id]));
}
