import type { CompanyCard } from "../../contracts/marketplace.ts";
import type { Mailer } from "../mail/mailer.ts";
import { listedCards } from "../marketplace/cards.ts";
import type { ListingListener } from "../saved-searches/alerts.ts";
import { newMatchEmail } from "./emails.ts";
import { recordNewMatches } from "./matching.ts";

/**
 * The mandates' part of the new-listing batch (server/saved-searches/alerts.ts
 * runs it in the batch's transaction, server/app.ts composes it in): each
 * active mandate a newly listed company matches is recorded and its contact
 * e-mailed through the outbox, once per listing per mandate; one e-mail per
 * address and listing when one address left several mandates it matches.
 */
export function mandateListener({ mailer, appUrl }: { readonly mailer: Mailer; readonly appUrl: string }): ListingListener {
  return async (tx, { companyIds, now, names }) => {
    const matches = await recordNewMatches(tx, companyIds, now);
    if (matches.length === 0) return 0;
    const cards = new Map<number, CompanyCard>((await listedCards(tx, [...new Set(matches.map((match) => match.companyId))], names)).map((card) => [card.id, card]));
    const sent = new Set<string>();
    for (const match of matches) {
      const key = `${match.email}\u0000${match.companyId}`;
      const card = cards.get(match.companyId);
      // Matched only companies listed now, in this transaction: the card is there.
      if (sent.has(key) || card === undefined) continue;
      sent.add(key);
      await mailer.enqueue(tx, newMatchEmail({ to: match.email, card, createdAt: match.createdAt, activeUntil: match.activeUntil, hasAccount: match.hasAccount, appUrl }));
    }
    return sent.size;
  };
}
