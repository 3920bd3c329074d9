/**
 * Catalogue facts, copied from public references (INEGI state keys, SAT
 * c_RegimenFiscal, the Mexican company forms). The app reads only this
 * module; ids are fixed so they mean the same row on every database.
 */

export interface Entry {
  readonly id: number;
  readonly name: string;
}

const numbered = (names: ReadonlyArray<string>): ReadonlyArray<Entry> =>
  names.map((name, index) => ({ id: index + 1, name }));

/** INEGI key and name; the id is the key as a number (19 = Nuevo León). */
export const STATES: ReadonlyArray<readonly [code: string, name: string]> = [
  ["01", "Aguascalientes"],
  ["02", "Baja California"],
  ["03", "Baja California Sur"],
  ["04", "Campeche"],
  ["05", "Coahuila"],
  ["06", "Colima"],
  ["07", "Chiapas"],
  ["08", "Chihuahua"],
  ["09", "Ciudad de México"],
  ["10", "Durango"],
  ["11", "Guanajuato"],
  ["12", "Guerrero"],
  ["13", "Hidalgo"],
  ["14", "Jalisco"],
  ["15", "Estado de México"],
  ["16", "Michoacán"],
  ["17", "Morelos"],
  ["18", "Nayarit"],
  ["19", "Nuevo León"],
  ["20", "Oaxaca"],
  ["21", "Puebla"],
  ["22", "Querétaro"],
  ["23", "Quintana Roo"],
  ["24", "San Luis Potosí"],
  ["25", "Sinaloa"],
  ["26", "Sonora"],
  ["27", "Tabasco"],
  ["28", "Tamaulipas"],
  ["29", "Tlaxcala"],
  ["30", "Veracruz"],
  ["31", "Yucatán"],
  ["32", "Zacatecas"],
];

export const STATE_ROWS = STATES.map(([code, name]) => ({ id: Number(code), name, inegiCode: code }));

/** SAT c_RegimenFiscal (CFDI 4.0): personas morales first, then personas físicas. */
const TAX_MORAL: ReadonlyArray<readonly [string, string]> = [
  ["601", "General de Ley Personas Morales"],
  ["603", "Personas Morales con Fines no Lucrativos"],
  ["620", "Sociedades Cooperativas de Producción que optan por diferir sus ingresos"],
  ["622", "Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras"],
  ["623", "Opcional para Grupos de Sociedades"],
  ["624", "Coordinados"],
  ["626", "Régimen Simplificado de Confianza"],
];
const TAX_FISICA: ReadonlyArray<readonly [string, string]> = [
  ["605", "Sueldos y Salarios e Ingresos Asimilados a Salarios"],
  ["606", "Arrendamiento"],
  ["607", "Régimen de Enajenación o Adquisición de Bienes"],
  ["608", "Demás ingresos"],
  ["610", "Residentes en el Extranjero sin Establecimiento Permanente en México"],
  ["611", "Ingresos por Dividendos (socios y accionistas)"],
  ["612", "Personas Físicas con Actividades Empresariales y Profesionales"],
  ["614", "Ingresos por intereses"],
  ["615", "Régimen de los ingresos por obtención de premios"],
  ["621", "Incorporación Fiscal (RIF)"],
  ["625", "Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas"],
  ["626", "Régimen Simplificado de Confianza (RESICO)"],
];

export const TAX_SYSTEM_ROWS = [
  ...TAX_MORAL.map(([code, name]) => ({ code, name, personaType: "moral" as const })),
  ...TAX_FISICA.map(([code, name]) => ({ code, name, personaType: "fisica" as const })),
].map((row, index) => ({ id: index + 1, ...row }));

/** The twelve company forms: abbreviation (catalogue name) and full name. */
export const SOCIETY_ROWS = (
  [
    ["S.A. de C.V.", "Sociedad Anónima de Capital Variable"],
    ["S.A.", "Sociedad Anónima"],
    ["S. de R.L. de C.V.", "Sociedad de Responsabilidad Limitada de Capital Variable"],
    ["S. de R.L.", "Sociedad de Responsabilidad Limitada"],
    ["S.A.P.I. de C.V.", "Sociedad Anónima Promotora de Inversión de Capital Variable"],
    ["S.A.B. de C.V.", "Sociedad Anónima Bursátil de Capital Variable"],
    ["S.A.S.", "Sociedad por Acciones Simplificada"],
    ["S.C.", "Sociedad Civil"],
    ["A.C.", "Asociación Civil"],
    ["S.C. de R.L. de C.V.", "Sociedad Cooperativa de Responsabilidad Limitada de Capital Variable"],
    ["S. en C.", "Sociedad en Comandita Simple"],
    ["S. en N.C.", "Sociedad en Nombre Colectivo"],
  ] as const
).map(([name, fullName], index) => ({ id: index + 1, name, fullName }));

export const INDUSTRIES = numbered([
  "Tecnología",
  "Manufactura",
  "Alimentos y bebidas",
  "Construcción",
  "Salud",
  "Logística y transporte",
  "Comercio minorista",
  "Agroindustria",
  "Turismo y hospitalidad",
  "Educación",
  "Servicios financieros",
  "Energía",
  "Bienes raíces",
  "Automotriz",
  "Textil y moda",
  "Servicios profesionales",
  "Comercio mayorista y distribución",
  "Medios y entretenimiento",
  "Telecomunicaciones",
  "Minería",
]);

export const COMPANY_TYPES = numbered(["Persona moral", "Persona física"]);
export const COMPANY_TYPE = { moral: 1, fisica: 2 } as const;

export const INTERESTS = numbered(["Capital para crecimiento", "Vender participación", "Vender 100%", "Fusión"]);
export const INTEREST = { growthCapital: 1, sellStake: 2, sellAll: 3, merger: 4 } as const;

export const USER_COMPANY_ROLES = numbered([
  "Fundador",
  "Socio",
  "Director general",
  "Director financiero",
  "Asesor",
  "Otro",
]);

/** A range catalogue row with its bounds in MXN (null = open end), used by the demo generator. */
export interface RangeEntry extends Entry {
  readonly min: number | null;
  readonly max: number | null;
}

const M = 1_000_000;

export const EBITDA_RANGES: ReadonlyArray<RangeEntry> = [
  { id: 1, name: "EBITDA negativo", min: null, max: 0 },
  { id: 2, name: "Menos de $1 M MXN", min: 0, max: 1 * M },
  { id: 3, name: "$1 M – $5 M MXN", min: 1 * M, max: 5 * M },
  { id: 4, name: "$5 M – $10 M MXN", min: 5 * M, max: 10 * M },
  { id: 5, name: "$10 M – $25 M MXN", min: 10 * M, max: 25 * M },
  { id: 6, name: "$25 M – $50 M MXN", min: 25 * M, max: 50 * M },
  { id: 7, name: "Más de $50 M MXN", min: 50 * M, max: null },
];

export const YEARLY_SALES_RANGES: ReadonlyArray<RangeEntry> = [
  { id: 1, name: "Menos de $1 M MXN", min: 0, max: 1 * M },
  { id: 2, name: "$1 M – $5 M MXN", min: 1 * M, max: 5 * M },
  { id: 3, name: "$5 M – $10 M MXN", min: 5 * M, max: 10 * M },
  { id: 4, name: "$10 M – $25 M MXN", min: 10 * M, max: 25 * M },
  { id: 5, name: "$25 M – $50 M MXN", min: 25 * M, max: 50 * M },
  { id: 6, name: "$50 M – $100 M MXN", min: 50 * M, max: 100 * M },
  { id: 7, name: "$100 M – $250 M MXN", min: 100 * M, max: 250 * M },
  { id: 8, name: "Más de $250 M MXN", min: 250 * M, max: null },
];

export const BUYER_DESCRIPTIONS = numbered([
  "Inversionista individual",
  "Family office",
  "Fondo de capital privado",
  "Fondo de capital emprendedor",
  "Empresa estratégica",
  "Búsqueda de fondos (search fund)",
  "Asesor o banca de inversión",
  "Otro",
]);

export const INVESTMENT_SIZES = numbered([
  "Menos de $1 M MXN",
  "$1 M – $5 M MXN",
  "$5 M – $20 M MXN",
  "$20 M – $50 M MXN",
  "$50 M – $100 M MXN",
  "Más de $100 M MXN",
]);

export const REFERERS = numbered(["Google", "LinkedIn", "Facebook", "Instagram", "Recomendación", "Evento", "Otro"]);

export const SERVICES_INTERESTED = numbered([
  "Valuación simplificada",
  "Valuación avanzada",
  "CFO virtual",
  "Asesoría en venta de empresa",
  "Levantamiento de capital",
  "Planes de suscripción",
]);

/** 'Created' (id 1) is the default status of a new company. */
export const COMPANY_STATUSES = numbered(["Created", "En revisión", "Publicada", "Pausada", "Rechazada"]);
export const COMPANY_STATUS = { created: 1, inReview: 2, published: 3, paused: 4, rejected: 5 } as const;

/** 'Pendiente' (id 1) is the default verification level. */
export const VERIFICATION_LEVELS = numbered(["Pendiente", "Básica", "Verificada"]);

export const COUNTRY_ROWS = (
  [
    ["México", "MX"],
    ["Estados Unidos", "US"],
    ["Canadá", "CA"],
    ["Guatemala", "GT"],
    ["Belice", "BZ"],
    ["Honduras", "HN"],
    ["El Salvador", "SV"],
    ["Nicaragua", "NI"],
    ["Costa Rica", "CR"],
    ["Panamá", "PA"],
    ["Cuba", "CU"],
    ["República Dominicana", "DO"],
    ["Puerto Rico", "PR"],
    ["Colombia", "CO"],
    ["Venezuela", "VE"],
    ["Ecuador", "EC"],
    ["Perú", "PE"],
    ["Bolivia", "BO"],
    ["Chile", "CL"],
    ["Argentina", "AR"],
    ["Uruguay", "UY"],
    ["Paraguay", "PY"],
    ["Brasil", "BR"],
    ["España", "ES"],
    ["Otro", null],
  ] as const
).map(([name, isoCode], index) => ({ id: index + 1, name, isoCode }));
export const MEXICO_COUNTRY_ID = 1;

export const COMPANY_CHARACTERISTICS = numbered([
  "Clientes recurrentes",
  "Contratos de largo plazo",
  "Cartera de clientes diversificada",
  "Marca registrada ante el IMPI",
  "Procesos documentados",
  "Equipo directivo que opera sin el dueño",
  "Certificaciones de calidad (ISO u otras)",
  "Propiedad intelectual o patentes",
  "Sin deuda bancaria",
  "Estados financieros auditados",
  "Presencia en varios estados",
  "Ventas de exportación",
]);

export const COMPANY_ATTRIBUTES = numbered([
  "B2B",
  "B2C",
  "B2B2C",
  "SaaS",
  "Marketplace",
  "Manufactura",
  "Distribución",
  "Franquicia",
  "Comercio electrónico",
  "Servicios profesionales",
  "Suscripción",
  "Licenciamiento",
]);

export const FUNDING_STRUCTURE_ROWS = [
  { id: 1, name: "Deuda", type: "debt" as const },
  { id: 2, name: "Capital", type: "equity" as const },
  { id: 3, name: "Híbrido", type: "hybrid" as const },
];
