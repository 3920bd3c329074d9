import { eq } from "drizzle-orm";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { buyerProfiles } from "../../../../server/accounts/schema.ts";
import { savedSearches } from "../../../../server/saved-searches/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import { MAX_SAVED_SEARCHES } from "../../../../contracts/saved-searches.ts";
import { signedIn } from "./marketplace.ts";
import type { ProviderStates } from "./types.ts";

const BUYER = { email: "comprador.busquedas.pact@example.mx", name: "Compradora Búsquedas" };
const OTHER_BUYER = { email: "otro.comprador.busquedas.pact@example.mx", name: "Otro Comprador Búsquedas" };

/**
 * A buyer as sign-up makes one (the buyer role and a buyer profile), signed
 * in through POST /api/sessions, with no saved searches left from earlier
 * interactions. Answers the token and the user's id.
 */
export async function buyerWithoutSearches(server: RunningServer, who: { email: string; name: string }): Promise<{ token: string; userId: number }> {
  await seedCatalogues(server.db);
  const token = await signedIn(server, who.email, who.name, ["buyer"]);
  const user = await findUserForLogin(server.db, who.email);
  if (user === null) throw new Error(`provider state: no user ${who.email}`);
  await server.db
    .insert(buyerProfiles)
    .values({ userId: user.id, buyerDescriptionId: 1, stateId: 19, investmentDescriptionSummary: "Empresas de tecnología rentables en el noreste.", investmentSizeId: 1 })
    .onConflictDoNothing();
  await server.db.delete(savedSearches).where(eq(savedSearches.userId, user.id));
  return { token, userId: user.id };
}

/**
 * The consumer's example: Manufactura (2) in Colima (6) with the text
 * "astilleros", which no company of the other states matches (no alert is
 * sent while the verification runs).
 */
async function shipyardSearch(server: RunningServer, userId: number, name: string): Promise<number> {
  const [row] = await server.db
    .insert(savedSearches)
    .values({ userId, name, industryId: 2, stateId: 6, q: "astilleros" })
    .returning({ id: savedSearches.id });
  if (row === undefined) throw new Error("provider state: no saved search row");
  return row.id;
}

/** The saved searches' states: `buyerToken` (and `savedSearchId` or `otherSavedSearchId`) for fromProviderState. */
export const savedSearchStates: ProviderStates = (server) => ({
  "a buyer with a saved search for Manufactura in Colima with the text astilleros is signed in": async () => {
    const buyer = await buyerWithoutSearches(server, BUYER);
    return { buyerToken: buyer.token, savedSearchId: await shipyardSearch(server, buyer.userId, "Manufactura · Colima · «astilleros»") };
  },
  "a buyer without saved searches is signed in": async () => {
    const buyer = await buyerWithoutSearches(server, BUYER);
    return { buyerToken: buyer.token };
  },
  "a buyer with 20 saved searches is signed in": async () => {
    const buyer = await buyerWithoutSearches(server, BUYER);
    // Each one different (a text per search), none equal to the one the interaction sends.
    await server.db.insert(savedSearches).values(
      Array.from({ length: MAX_SAVED_SEARCHES }, (_, index) => ({ userId: buyer.userId, name: `Búsqueda ${index + 1}`, stateId: 19, q: `giro ${index + 1}` })),
    );
    return { buyerToken: buyer.token };
  },
  "a buyer is signed in and another buyer's saved search exists": async () => {
    const buyer = await buyerWithoutSearches(server, BUYER);
    const other = await buyerWithoutSearches(server, OTHER_BUYER);
    return { buyerToken: buyer.token, otherSavedSearchId: await shipyardSearch(server, other.userId, "La búsqueda de otra persona") };
  },
});
