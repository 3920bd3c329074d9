/**
 * What buyers type for the same thing (docs/decisions/037), read by
 * search-query.ts on the query only: documents keep the seller's words.
 *
 * Words are written as a search holds them (plainWords: lower case, no
 * accents) and in the singular: each one still matches as a prefix of the
 * document's words ("flete" finds "fletes"), and a typed plural finds its
 * group by its singular ("fletes" → "flete", "hospitales" → "hospital").
 * A word belongs to one group at most (tests/unit/marketplace/search-query.test.ts
 * checks it). Review a new group against the relevance set
 * (tests/server/search-relevance): a synonym widens every search for any word
 * of its group.
 */

/** A typed word of a group also matches the others (ranked below the word typed, see search-query.ts). */
export const SYNONYM_GROUPS: ReadonlyArray<ReadonlyArray<string>> = [
  ["contable", "contabilidad", "contador", "contaduria"],
  ["abogado", "abogada", "juridico", "juridica", "bufete"],
  ["restaurante", "restaurant", "fonda"],
  ["logistica", "transporte", "flete", "autotransporte", "acarreo"],
  ["clinica", "hospital", "sanatorio"],
  ["dental", "dentista", "odontologia", "odontologo"],
  ["ferreteria", "tlapaleria"],
  ["abarrote", "miscelanea", "minisuper", "tendajon"],
  ["hotel", "hospedaje", "alojamiento", "hostal"],
  ["escuela", "colegio"],
  ["construccion", "constructora", "edificacion"],
  ["mueble", "muebleria", "mobiliario"],
  ["limpieza", "intendencia"],
  ["vigilancia", "guardia", "custodia"],
  ["tortilla", "tortilleria"],
  ["empaque", "embalaje"],
  ["marketing", "mercadotecnia", "publicidad"],
  ["cerveza", "cerveceria", "cervecera"],
  ["gimnasio", "gym", "fitness"],
  ["jitomate", "tomate"],
  ["calzado", "zapato", "zapateria"],
  ["automovil", "coche", "carro", "vehiculo"],
  ["seminuevo", "usado"],
  ["almacen", "bodega"],
  ["refaccion", "refaccionaria", "autoparte"],
  ["pasteleria", "reposteria"],
  ["farmacia", "botica"],
  ["credito", "prestamo", "financiamiento"],
];

/**
 * Abbreviations a buyer types for a place or a term, keyed by their plain
 * words ("edo mex"). One that names a state stands for that state's
 * companies (`stateId`, INEGI key, ranked as the state's name in the
 * document): the state's name alone cannot say it, because PostgreSQL's
 * Spanish stop words drop "estado" and "Estado de México" keeps only
 * "méxico". Others stand for their `words` (each one required, stop words
 * dropped). The abbreviation itself always matches too ("CDMX" written in a
 * description).
 */
export const ABBREVIATIONS: Readonly<Record<string, { readonly stateId: number } | { readonly words: string }>> = {
  // States (server/seed/catalogue-data.ts STATES).
  cdmx: { stateId: 9 },
  df: { stateId: 9 },
  edomex: { stateId: 15 },
  "edo mex": { stateId: 15 },
  "edo de mex": { stateId: 15 },
  "estado de mexico": { stateId: 15 },
  nl: { stateId: 19 },
  qro: { stateId: 22 },
  slp: { stateId: 24 },
  ags: { stateId: 1 },
  gto: { stateId: 11 },
  bc: { stateId: 2 },
  bcs: { stateId: 3 },
  qroo: { stateId: 23 },
  "q roo": { stateId: 23 },
  tamps: { stateId: 28 },
  hgo: { stateId: 13 },
  dgo: { stateId: 10 },
  gro: { stateId: 12 },
  chis: { stateId: 7 },
  // Cities and terms.
  gdl: { words: "Guadalajara" },
  mty: { words: "Monterrey" },
  tj: { words: "Tijuana" },
  pv: { words: "Puerto Vallarta" },
  sma: { words: "San Miguel de Allende" },
  cd: { words: "ciudad" },
  rh: { words: "recursos humanos" },
  ti: { words: "tecnologías de la información" },
};
