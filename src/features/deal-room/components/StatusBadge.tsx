import type { AccessRequestStatus } from "../../../../contracts/marketplace.ts";
import { ACCESS_STATUS_LABELS, LOI_STATUS_LABELS, type LetterOfIntentStatus } from "../../../../contracts/deal-room.ts";
import { verificationLabel } from "./deal-format.ts";

import { Badge, type BadgeTone } from "./Badge.tsx";

export { Badge, type BadgeTone };

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
