/**
 * Copy shared by several public pages that Puente Bot does not quote. The
 * texts the bot quotes live in the top-level content/ folder. Figures are
 * the spec's (section 1).
 */

export const COMMUNITY_STATS = [
  { value: "600", label: "inversionistas verificados" },
  { value: "250+", label: "empresas registradas" },
  // Counted from the records too (GET /community_stats): the home page shows the real count once it passes the floor.
  { value: "100+", label: "conexiones realizadas", live: { counter: "connections", floor: 100 } },
  { value: "20+", label: "cartas de intención enviadas", live: { counter: "letters_of_intent", floor: 20 } },
  { value: "1,000+", label: "suscriptores a nuestro newsletter" },
] as const;

/** Our own external directory of Mexican startups, on the blog (the /levanta-capital banner). */
export const STARTUP_DIRECTORY_URL = "https://blog.puente.mx/directorio-de-startups";
