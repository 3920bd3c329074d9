import { createHash } from "node:crypto";
import type { Nda } from "../../contracts/deal-room.ts";
import { currentNda, renderNda, type NdaVersion } from "../../content/nda.ts";
import type { ndaAcceptances } from "./schema.ts";

/**
 * The NDA as the deal room uses it (content/nda.ts holds the text): the
 * current version, and the record of one acceptance with the exact text the
 * buyer accepted (its parties and date written in) and its SHA-256.
 */

export const MEXICO_CITY = "America/Mexico_City";

const LONG_DATE = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: MEXICO_CITY });
const DAY = new Intl.DateTimeFormat("en-CA", { timeZone: MEXICO_CITY, year: "numeric", month: "2-digit", day: "2-digit" });

/** "26 de noviembre de 2026": the acceptance date as the agreement states it, in Mexico City. */
export const mexicoCityLongDate = (at: Date): string => LONG_DATE.format(at);

/** YYYY-MM-DD in Mexico City's calendar. */
export const mexicoCityDay = (at: Date): string => DAY.format(at);

/** GET /nda: the version in force. */
export function ndaResponse(versions: ReadonlyArray<NdaVersion>): Nda {
  const nda = currentNda(versions);
  return { version: nda.version, effective_date: nda.effectiveDate, text: nda.text };
}

export const isCurrentNda = (version: string | null, versions: ReadonlyArray<NdaVersion>): boolean => version !== null && version === currentNda(versions).version;

export interface AcceptanceInput {
  readonly versions: ReadonlyArray<NdaVersion>;
  readonly accessRequestId: number;
  readonly buyer: { readonly id: number; readonly name: string };
  /** The listing's human_id: the agreement names the company only by it. */
  readonly humanId: string;
  readonly ip: string;
  readonly at: Date;
}

/** The nda_acceptances row of an acceptance of the current version. */
export function acceptanceRow(input: AcceptanceInput): typeof ndaAcceptances.$inferInsert {
  const nda = currentNda(input.versions);
  const acceptedText = renderNda(nda.text, { buyer: input.buyer.name, reference: input.humanId, date: mexicoCityLongDate(input.at) });
  return {
    accessRequestId: input.accessRequestId,
    userId: input.buyer.id,
    version: nda.version,
    acceptedText,
    textSha256: createHash("sha256").update(acceptedText, "utf8").digest("hex"),
    ip: input.ip,
    acceptedAt: input.at,
  };
}
