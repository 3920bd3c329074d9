import type { AccessRequestStatus } from "../../../../contracts/marketplace.ts";
import { ACCESS_STATUS_LABELS, LOI_STATUS_LABELS, type LetterOfIntentStatus } from "../../../../contracts/deal-room.ts";
import { verificationLabel } from "./deal-format.ts";
import * as styles from "./StatusBadge.css.ts";

export type BadgeTone = keyof typeof styles.tone;

const ACCESS_TONES: Readonly<Record<AccessRequestStatus, BadgeTone>> = {
  pending: "waiting",
  approved: "good",
  rejected: "bad",
  revoked: "neutral",
};

const LETTER_TONES: Readonly<Record<LetterOfIntentStatus, BadgeTone>> = {
  pending: "waiting",
  accepted: "good",
  declined: "bad",
};

/** A word in a pill; the colour only repeats what the word says. */
export function Badge({ tone, children }: { readonly tone: BadgeTone; readonly children: string }) {
  return <span className={styles.tone[tone]}>{children}</span>;
}

export function AccessStatusBadge({ status }: { readonly status: AccessRequestStatus }) {
  return <Badge tone={ACCESS_TONES[status]}>{ACCESS_STATUS_LABELS[status]}</Badge>;
}

export function LetterStatusBadge({ status }: { readonly status: LetterOfIntentStatus }) {
  return <Badge tone={LETTER_TONES[status]}>{LOI_STATUS_LABELS[status]}</Badge>;
}

/** "Correo verificado" / "Sin verificar". */
export function VerificationBadge({ verified }: { readonly verified: boolean }) {
  return <Badge tone={verified ? "good" : "neutral"}>{verificationLabel(verified)}</Badge>;
}
