import { DUPLICATE_EMAIL_MESSAGE } from "../../../../contracts/registration.ts";
import type { FieldErrors } from "../../../../contracts/fields.ts";
import type { ApiError } from "../../../lib/api-error.ts";

/**
 * The sign-ups' answers that belong to a field: the 409 for an e-mail that
 * already has an account is said under the e-mail field (and focus moves
 * there, as for any invalid field), not only in a toast. Anything else is a
 * toast (null). No React: unit tested in node.
 */
export function registrationFieldErrors(error: ApiError): FieldErrors | null {
  return error.status === 409 && error.message === DUPLICATE_EMAIL_MESSAGE ? { email: error.message } : null;
}
