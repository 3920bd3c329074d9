/* The owner's count of matching buyer mandates as words (pure: tests/unit/buyer-leads). */

/** Whose company it is to the reader: the owner's ("la tuya") or, for an admin, "esta". */
export type MatchesAudience = "owner" | "admin";

/** The sentence after the count ("compradores buscan una empresa como la tuya"), or the whole one for none. */
export function buyersSentence(count: number, audience: MatchesAudience): { readonly count: string | null; readonly text: string } {
  const like = audience === "owner" ? "como la tuya" : "como esta";
  if (count === 0) return { count: null, text: `Por ahora ningún comprador activo busca una empresa ${like}.` };
  return { count: count.toLocaleString("es-MX"), text: `${count === 1 ? "comprador busca" : "compradores buscan"} una empresa ${like}.` };
}
