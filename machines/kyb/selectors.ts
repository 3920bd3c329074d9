import type { KybResponse } from "../../contracts/kyb.ts";

/**
 * The KYB dialog's context and its view model (pure; the machine is
 * ./kyb.machine.ts).
 */

export interface KybContext {
  readonly companyId: number;
  /** Whether the user has a paid plan (the session's `isPaidUser`); only paid users may open the dialog. */
  readonly isPaid: boolean;
  /** The RFC as typed. */
  readonly rfc: string;
  /** The RFC's Spanish message after a refused submit; null otherwise. */
  readonly error: string | null;
  /** The recorded request, once the server accepted it (forgotten when the dialog closes). */
  readonly result: KybResponse | null;
  /** The RFC the server accepted on this page: kept after the dialog closes, so the button shows it verified. */
  readonly verifiedRfc: string | null;
}

export type KybStatus = "closed" | "editing" | "submitting" | "succeeded" | "failed";

export interface KybView {
  readonly status: KybStatus;
  readonly isOpen: boolean;
  /** The button opens the dialog only for paid users. */
  readonly canOpen: boolean;
  /** Closing is refused only while the request is in flight. */
  readonly canClose: boolean;
  readonly isSubmitting: boolean;
  /** The RFC field and the submit button take input only while editing. */
  readonly isEditable: boolean;
  readonly rfc: string;
  readonly error: string | null;
  /** The RFC verified on this page, or null: the button shows the verified state. */
  readonly verifiedRfc: string | null;
}

const STATUSES: ReadonlyArray<KybStatus> = ["closed", "editing", "submitting", "succeeded", "failed"];

/** The status for a snapshot's value (the machine's states are flat, named as the statuses). */
export function statusOf(value: unknown): KybStatus {
  return STATUSES.find((status) => status === value) ?? "closed";
}

export function kybView(value: unknown, context: KybContext): KybView {
  const status = statusOf(value);
  return {
    status,
    isOpen: status !== "closed",
    canOpen: status === "closed" && context.isPaid,
    canClose: status !== "closed" && status !== "submitting",
    isSubmitting: status === "submitting",
    isEditable: status === "editing",
    rfc: context.rfc,
    error: status === "editing" ? context.error : null,
    verifiedRfc: context.verifiedRfc,
  };
}
