import type { CompanyListQuery } from "../../../contracts/marketplace.ts";
import { CATALOGUE } from "./catalogue.ts";

/**
 * The relevance set's judgments (docs/decisions/037): what buyers type into
 * the marketplace's search, each with the catalogue entries (catalogue.ts
 * keys) that must all be among the first five results. Written from the
 * buyer's side: a query names what it means, not the words the description
 * happens to use ("tlapalería" for a ferretería, "contable" for a despacho
 * de contabilidad, "NL" for Nuevo León).
 *
 * To add one: write the query as a buyer would, list every company a
 * person would call a right answer (at most five), run
 * `npx vitest run --project server tests/server/search-relevance` and read
 * its table.
 */
export interface Judgment {
  readonly q: string;
  /** Filters chosen beside the search, when any. */
  readonly filters?: Omit<CompanyListQuery, "q" | "page" | "per_page">;
  /** Keys of the companies that must all be in the top 5 (the first one first, when `first`). */
  readonly expect: ReadonlyArray<string>;
  /** The first expected company must be the first result (reference codes). */
  readonly first?: boolean;
  /** What the query tests. */
  readonly kind: "sector" | "city" | "state" | "product" | "typo" | "accents" | "synonym" | "abbreviation" | "reference" | "phrase";
}

/** The 54th company of the catalogue: PUE-0054 on a fresh database (the relevance test checks it). */
const FIFTY_FOURTH = CATALOGUE[53]?.key ?? "";

export const JUDGMENTS: ReadonlyArray<Judgment> = [
  // --- The two misses ---------------------------------------------------------
  { q: "despacho contable", expect: ["contabilidad-pue", "contabilidad-cdmx", "contabilidad-gdl", "contabilidad-mty", "contabilidad-mer"], kind: "synonym" },
  { q: "PUE-0054", expect: [FIFTY_FOURTH], first: true, kind: "reference" },

  // --- Reference codes, as people copy them from a card ----------------------------------
  { q: "pue0054", expect: [FIFTY_FOURTH], first: true, kind: "reference" },
  { q: "PUE-54", expect: [FIFTY_FOURTH], first: true, kind: "reference" },
  { q: "pue 54", expect: [FIFTY_FOURTH], first: true, kind: "reference" },
  { q: "PUE-0001", expect: ["contabilidad-pue"], first: true, kind: "reference" },
  { q: "pue-0054 ortodoncia monterrey", expect: [FIFTY_FOURTH, "dental-mty"], first: true, kind: "reference" },

  // --- Sectors and products ----------------------------------------------------------------
  { q: "despacho juridico", expect: ["despacho-juridico-cdmx", "despacho-juridico-mty", "despacho-juridico-gdl", "despacho-juridico-qro"], kind: "sector" },
  { q: "tacos al pastor", expect: ["taqueria-cdmx", "taqueria-mty", "taqueria-gdl", "taqueria-pue"], kind: "product" },
  { q: "café", expect: ["finca-cafe-tap", "finca-cafe-coatepec", "cafeteria-cdmx", "cafeteria-gdl", "cafeteria-qro"], kind: "product" },
  { q: "café de especialidad", expect: ["cafeteria-cdmx", "cafeteria-gdl", "cafeteria-qro"], kind: "product" },
  { q: "panadería", expect: ["panaderia-pue", "panaderia-leon", "panaderia-mer", "panaderia-mor"], kind: "sector" },
  { q: "cerveza artesanal", expect: ["cerveceria-tij", "cerveceria-mty", "cerveceria-gdl", "cerveceria-qro"], kind: "synonym" },
  { q: "hotel boutique", expect: ["hotel-boutique-mer", "hotel-boutique-oax", "hotel-boutique-qro", "hotel-boutique-pue", "hotel-boutique-sma"], kind: "sector" },
  { q: "hospital privado", expect: ["hospital-leon", "hospital-cul", "hospital-her", "hospital-slp", "hospital-vhsa"], kind: "sector" },
  { q: "pan dulce", expect: ["panaderia-pue", "panaderia-leon", "panaderia-mer", "panaderia-mor"], kind: "product" },
  { q: "laboratorio de análisis clínicos", expect: ["laboratorio-pue", "laboratorio-mty", "laboratorio-mer", "laboratorio-ags"], kind: "phrase" },
  { q: "ópticas", expect: ["optica-gdl", "optica-pue", "optica-tol"], kind: "sector" },
  { q: "fletes y mudanzas", expect: ["fletes-cdmx", "fletes-gdl", "fletes-mty", "fletes-pue"], kind: "phrase" },
  { q: "transporte de carga", expect: ["autotransporte-mty", "autotransporte-sal", "autotransporte-nld", "autotransporte-ver", "autotransporte-juarez"], kind: "phrase" },
  { q: "maquinados cnc", expect: ["maquinados-qro", "maquinados-sal", "maquinados-chih", "maquinados-ags", "maquinados-juarez"], kind: "product" },
  { q: "inyección de plástico", expect: ["plasticos-mty", "plasticos-gdl", "plasticos-tol", "plasticos-leon"], kind: "product" },
  { q: "materiales para construcción", expect: ["materiales-pue", "materiales-mer", "materiales-tol", "materiales-cul"], kind: "phrase" },
  { q: "paneles solares", expect: ["solar-her", "solar-mer", "solar-ags", "solar-mty", "solar-chih"], kind: "product" },
  { q: "fibra óptica", expect: ["internet-cul", "internet-her", "internet-zac", "internet-tep", "internet-manz"], kind: "product" },
  { q: "gas lp", expect: ["gas-lp-pue", "gas-lp-tol", "gas-lp-mor"], kind: "product" },
  { q: "uniformes escolares", expect: ["uniformes-pue", "uniformes-ags", "uniformes-tlax", "uniformes-gdl"], kind: "product" },
  { q: "guardería", expect: ["guarderia-mty", "guarderia-cdmx", "guarderia-gdl"], kind: "sector" },
  { q: "escuela de inglés", expect: ["idiomas-gdl", "idiomas-leon", "idiomas-tij"], kind: "phrase" },
  { q: "casa de empeño", expect: ["empeno-pue", "empeno-ver", "empeno-mer"], kind: "phrase" },
  { q: "seguros de gastos médicos", expect: ["seguros-cdmx", "seguros-qro", "seguros-gdl"], kind: "phrase" },
  { q: "gasolinera", expect: ["gasolinera-slp", "gasolinera-zac", "gasolinera-dgo", "gasolinera-cul"], kind: "sector" },
  { q: "funeraria", expect: ["funeraria-slp", "funeraria-ags", "funeraria-pue"], kind: "sector" },
  { q: "renta de maquinaria pesada", expect: ["renta-maquinaria-mty", "renta-maquinaria-vhsa", "renta-maquinaria-qro"], kind: "phrase" },
  { q: "productora de video", expect: ["productora-cdmx", "productora-gdl", "productora-mty"], kind: "phrase" },
  { q: "salón de eventos para bodas", expect: ["salon-eventos-pue", "salon-eventos-qro", "salon-eventos-mor", "salon-eventos-cue"], kind: "phrase" },
  { q: "marketing digital", expect: ["agencia-marketing-cdmx", "agencia-marketing-gdl", "agencia-marketing-mty", "agencia-marketing-pue"], kind: "phrase" },
  { q: "desarrollo de software", expect: ["desarrollo-software-gdl", "desarrollo-software-cdmx", "desarrollo-software-mer", "desarrollo-software-qro", "desarrollo-software-tij"], kind: "phrase" },
  { q: "punto de venta para restaurantes", expect: ["punto-de-venta-gdl", "punto-de-venta-mty"], kind: "phrase" },
  { q: "mueblería", expect: ["muebleria-leon", "muebleria-gdl", "muebleria-pue", "muebleria-mty"], kind: "sector" },
  { q: "cajas de cartón corrugado", expect: ["empaques-qro", "empaques-mty", "empaques-gdl", "empaques-slp", "empaques-tij"], kind: "product" },
  { q: "aguacate hass", expect: ["aguacate-uru", "aguacate-zamora"], kind: "product" },
  { q: "fresa y frambuesa", expect: ["berries-zamora", "berries-irapuato"], kind: "product" },
  { q: "mina de plata", expect: ["mina-fresnillo", "mina-dgo", "mina-chih"], kind: "product" },

  // --- Places: cities and states, with a sector -----------------------------------------------
  { q: "contabilidad puebla", expect: ["contabilidad-pue"], kind: "city" },
  { q: "mariscos veracruz", expect: ["mariscos-ver"], kind: "city" },
  { q: "hotel de playa cancún", expect: ["hotel-playa-cun"], kind: "city" },
  { q: "agencia de viajes cancun", expect: ["agencia-viajes-cun"], kind: "city" },
  { q: "pastelería mérida", expect: ["panaderia-mer"], kind: "synonym" },
  { q: "tortillería toluca", expect: ["tortilleria-tol"], kind: "city" },
  { q: "mezcal oaxaca", expect: ["mezcal-oax"], kind: "city" },
  { q: "ortodoncia monterrey", expect: ["dental-mty"], kind: "city" },
  { q: "hospital león", expect: ["hospital-leon"], kind: "city" },
  { q: "farmacias veracruz", expect: ["farmacia-ver"], kind: "city" },
  { q: "veterinaria querétaro", expect: ["veterinaria-qro"], kind: "city" },
  { q: "paquetería querétaro", expect: ["paqueteria-qro"], kind: "city" },
  { q: "agencia aduanal manzanillo", expect: ["agencia-aduanal-manz"], kind: "city" },
  { q: "inmobiliaria cancún", expect: ["inmobiliaria-cun"], kind: "city" },
  { q: "bienes raíces mérida", expect: ["inmobiliaria-mer"], kind: "state" },
  { q: "constructora aguascalientes", expect: ["constructora-ags"], kind: "state" },
  { q: "tienda de abarrotes oaxaca", expect: ["abarrotes-oax"], kind: "city" },
  { q: "muebles de madera chihuahua", expect: ["fabrica-muebles-chih"], kind: "state" },
  { q: "refacciones hermosillo", expect: ["refaccionaria-her"], kind: "city" },
  { q: "imprenta puebla", expect: ["imprenta-pue"], kind: "city" },
  { q: "energía solar sonora", expect: ["solar-her"], kind: "state" },
  { q: "internet sinaloa", expect: ["internet-cul"], kind: "state" },
  { q: "mina de plata zacatecas", expect: ["mina-fresnillo"], kind: "state" },
  { q: "café chiapas", expect: ["finca-cafe-tap"], kind: "state" },
  { q: "rancho ganadero chihuahua", expect: ["rancho-chih"], kind: "state" },
  { q: "hospedaje san miguel de allende", expect: ["hotel-boutique-sma"], kind: "phrase" },

  // --- Missing accents and capitals -------------------------------------------------------------
  { q: "CLINICA DENTAL TIJUANA", expect: ["dental-tij"], kind: "accents" },
  { q: "logistica queretaro", expect: ["almacenes-qro", "paqueteria-qro"], kind: "accents" },
  { q: "guarderia mexico", expect: ["guarderia-cdmx"], kind: "accents" },
  { q: "panaderia leon", expect: ["panaderia-leon"], kind: "accents" },
  { q: "colegio nuevo leon", expect: ["colegio-mty"], kind: "accents" },

  // --- Misspellings ------------------------------------------------------------------------------
  { q: "desapcho contable", expect: ["contabilidad-pue", "contabilidad-cdmx", "contabilidad-gdl", "contabilidad-mty", "contabilidad-mer"], kind: "typo" },
  { q: "despacho de contavilidad", expect: ["contabilidad-pue", "contabilidad-cdmx", "contabilidad-gdl", "contabilidad-mty", "contabilidad-mer"], kind: "typo" },
  { q: "restuarante de mariscos mazatlán", expect: ["mariscos-mzt"], kind: "typo" },
  { q: "taqueria monterey", expect: ["taqueria-mty"], kind: "typo" },
  { q: "colegio qeretaro", expect: ["colegio-qro"], kind: "typo" },
  { q: "tortilerias", expect: ["tortilleria-tol", "tortilleria-pue", "tortilleria-gdl", "tortilleria-ags"], kind: "typo" },
  { q: "ferretreia", expect: ["ferreteria-pue", "ferreteria-leon", "ferreteria-oax"], kind: "typo" },
  { q: "hotle boutique oaxaca", expect: ["hotel-boutique-oax"], kind: "typo" },
  { q: "agua purificada", expect: ["purificadora-mer", "purificadora-her", "purificadora-cul", "purificadora-vhsa"], kind: "typo" },

  // --- Synonyms ----------------------------------------------------------------------------------
  { q: "contador", expect: ["contadores-publicos-qro", "contadores-publicos-leon", "contadores-publicos-cdmx"], kind: "synonym" },
  { q: "contaduría monterrey", expect: ["contabilidad-mty"], kind: "synonym" },
  { q: "contadores querétaro", expect: ["contadores-publicos-qro"], kind: "synonym" },
  { q: "abogados monterrey", expect: ["despacho-juridico-mty"], kind: "synonym" },
  { q: "bufete guadalajara", expect: ["despacho-juridico-gdl"], kind: "synonym" },
  { q: "restaurantes cancún", expect: ["mariscos-cun"], kind: "synonym" },
  { q: "fletes monterrey", expect: ["fletes-mty"], kind: "synonym" },
  { q: "clínica culiacán", expect: ["hospital-cul"], kind: "synonym" },
  { q: "dentista tijuana", expect: ["dental-tij"], kind: "synonym" },
  { q: "tlapalería", expect: ["ferreteria-cdmx", "ferreteria-pue", "ferreteria-leon", "ferreteria-oax"], kind: "synonym" },
  { q: "miscelánea puebla", expect: ["abarrotes-pue"], kind: "synonym" },
  { q: "escuela primaria querétaro", expect: ["colegio-qro"], kind: "synonym" },
  { q: "intendencia monterrey", expect: ["limpieza-mty"], kind: "synonym" },
  { q: "limpieza de oficinas", expect: ["limpieza-cdmx", "limpieza-mty", "limpieza-qro", "limpieza-gdl"], kind: "synonym" },
  { q: "vigilancia", expect: ["seguridad-privada-cdmx", "seguridad-privada-mty", "seguridad-privada-gdl"], kind: "synonym" },
  { q: "gym", expect: ["gimnasio-mty", "gimnasio-gdl", "gimnasio-qro", "gimnasio-cdmx", "gimnasio-mer"], kind: "synonym" },
  { q: "mercadotecnia guadalajara", expect: ["agencia-marketing-gdl"], kind: "synonym" },
  { q: "embalaje querétaro", expect: ["empaques-qro"], kind: "synonym" },
  { q: "tomate sinaloa", expect: ["invernadero-cul"], kind: "synonym" },
  { q: "zapatos león", expect: ["calzado-leon"], kind: "synonym" },
  { q: "coches seminuevos guadalajara", expect: ["seminuevos-gdl"], kind: "synonym" },
  { q: "bodegas querétaro", expect: ["almacenes-qro"], kind: "synonym" },
  { q: "autopartes culiacán", expect: ["refaccionaria-cul"], kind: "synonym" },
  { q: "préstamos para pymes", expect: ["sofom-mty", "sofom-gdl", "sofom-cdmx"], kind: "synonym" },

  // --- Abbreviations -----------------------------------------------------------------------------
  { q: "despacho contable CDMX", expect: ["contabilidad-cdmx"], kind: "abbreviation" },
  { q: "taquería cdmx", expect: ["taqueria-cdmx"], kind: "abbreviation" },
  { q: "fletes DF", expect: ["fletes-cdmx"], kind: "abbreviation" },
  { q: "gimnasio NL", expect: ["gimnasio-mty"], kind: "abbreviation" },
  { q: "despacho jurídico nl", expect: ["despacho-juridico-mty"], kind: "abbreviation" },
  { q: "tortillería Edomex", expect: ["tortilleria-tol"], kind: "abbreviation" },
  { q: "gas lp edo. mex.", expect: ["gas-lp-tol"], kind: "abbreviation" },
  { q: "cerveza GDL", expect: ["cerveceria-gdl"], kind: "abbreviation" },
  { q: "empaques MTY", expect: ["empaques-mty"], kind: "abbreviation" },
  { q: "colegio QRO", expect: ["colegio-qro"], kind: "abbreviation" },
  { q: "constructora SLP", expect: ["constructora-slp"], kind: "abbreviation" },
  { q: "hotel BCS", expect: ["hotel-playa-lapaz"], kind: "abbreviation" },
  { q: "maquinados cd juárez", expect: ["maquinados-juarez"], kind: "abbreviation" },
  { q: "calzado gto", expect: ["calzado-leon"], kind: "abbreviation" },
  { q: "uniformes ags", expect: ["uniformes-ags"], kind: "abbreviation" },
  { q: "RH monterrey", expect: ["recursos-humanos-mty"], kind: "abbreviation" },
  { q: "soporte TI querétaro", expect: ["soporte-ti-qro"], kind: "abbreviation" },
  { q: "hotel playa Q. Roo", expect: ["hotel-playa-cun"], kind: "abbreviation" },

  // --- With filters ---------------------------------------------------------------------------------
  { q: "despacho contable", filters: { state_id: 21 }, expect: ["contabilidad-pue"], kind: "state" },
  { q: "hotel", filters: { state_id: 23, industry_id: 9 }, expect: ["hotel-playa-cun"], kind: "state" },
];
