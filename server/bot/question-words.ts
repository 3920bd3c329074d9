/**
 * What Puente Bot does with a question's words before it searches
 * (docs/decisions/035-decisions-saved-searches-bot.md). Pure data and
 * functions, over plain words (server/db/text-search.ts `plainWords`:
 * lower case, no accents).
 *
 * - **Framing words** say that someone asks, not what they ask about:
 *   "¿cómo funciona vender mi empresa?" is about selling a company, and
 *   "funciona" must not pull in every heading that starts "Cómo funciona".
 *   They weigh little (ranking.ts FRAMING_WEIGHT) and an answer need not
 *   hold them, unless nothing else is asked.
 * - **Synonym groups**: the words people use for what our texts call
 *   otherwise ("negocio" for "empresa", "anónimo" for "confidencial",
 *   "tarda" for "tiempo"), and the forms of one idea whose Spanish stems
 *   differ ("vender" and "venta", "verificar" and "verificación"). A
 *   question's word matches a passage holding any word of its group; the
 *   group is found by stem (answer.ts), so "vendes" finds the group of
 *   "vender". Each group is one idea: a word in two groups would join them.
 */

export const FRAMING_WORDS: ReadonlySet<string> = new Set([
  "funciona",
  "funcionan",
  "funcionar",
  "funcionamiento",
  "hago",
  "hacer",
  "quiero",
  "quisiera",
  "queria",
  "gustaria",
  "saber",
  "ofrecen",
  "ofrece",
  "manejan",
  "explica",
  "explicame",
  "explicar",
  "dime",
  "informacion",
  "info",
  "ayuda",
  "ayudame",
  "hola",
  "oye",
  "favor",
  "gracias",
]);

export const SYNONYM_GROUPS: ReadonlyArray<ReadonlyArray<string>> = [
  ["empresa", "negocio", "compania", "pyme"],
  ["vender", "venta", "traspasar", "traspaso"],
  ["comprar", "adquirir", "adquisicion"],
  ["invertir", "inversion", "invierto"],
  ["precio", "cuesta", "costo", "cobran", "cobra", "tarifa", "cuota"],
  ["tiempo", "tarda", "tardan", "toma", "dura", "demora"],
  ["verificar", "verificacion", "validar", "validacion"],
  ["confidencial", "anonimo", "anonima", "anonimato", "secreto", "discreto", "discrecion"],
  ["valuacion", "valuar", "valor", "vale", "valoracion", "avaluo"],
  ["asesor", "experto", "especialista", "consultor"],
  ["contacto", "contactar", "comunicar", "comunico", "telefono", "llamar", "hablar", "correo", "escribir"],
  ["plan", "suscripcion", "membresia", "paquete"],
  ["documentos", "papeles", "requisitos"],
  ["gratis", "gratuita", "gratuito"],
];

export const isFramingWord = (word: string): boolean => FRAMING_WORDS.has(word);

/**
 * Every synonym and framing word, for the vocabulary that corrects typos:
 * "anonimo" and "quiero" are words the bot knows, kept as typed (not
 * "corrected" to a word of our texts) and their typos corrected to them.
 */
export const questionVocabulary = (): ReadonlyArray<string> => [...new Set([...SYNONYM_GROUPS.flat(), ...FRAMING_WORDS])];
