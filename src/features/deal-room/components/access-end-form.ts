import { DEAL_ROOM_MESSAGES, DecideAccessRequest, SetAccessEnd, type AccessRequest } from "../../../../contracts/deal-room.ts";
import type { FieldErrors } from "../../../../contracts/fields.ts";
import type { ApiError } from "../../../lib/api-error.ts";
import type { FormResult } from "../../../lib/form.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import { accessLastDay } from "./request-view.ts";

/**
 * The end of an approval's access (decision 050) as the company's side sets
 * it: the optional last day in the approve dialog and the day (or none) in
 * the 'Extender acceso' dialog. Checked with the contract's schemas, so the
 * messages are the server's; the one check the schema cannot make (a day
 * after today in Mexico City) comes back as a 400 and is said under the
 * field too. Pure: unit tested in node (tests/unit/deal-room/access-end-form.test.ts).
 */

/** The form's one field, named as the request body names it (so a schema message lands under it). */
export const ACCESS_END_FIELD = "access_ends_on";

export interface AccessEndValues {
  /** What the date input holds: YYYY-MM-DD, or empty. */
  readonly access_ends_on: string;
}

export const NO_ACCESS_END: AccessEndValues = { access_ends_on: "" };

/** The approval's body: with its last day when one was given; empty means the access does not end. */
export function approvalBody(values: AccessEndValues): FormResult<DecideAccessRequest> {
  const typed = values.access_ends_on.trim();
  return validateForm(DecideAccessRequest, { status: "approved", ...(typed === "" ? {} : { access_ends_on: typed }) });
}

/** The extension's body: a new last day is required here ('Quitar fecha de término' sends null on its own). */
export const extensionBody = (values: AccessEndValues): FormResult<SetAccessEnd> => validateForm(SetAccessEnd, { access_ends_on: values.access_ends_on.trim() });

/** The server's refusals about the day itself, said under the field; anything else is a toast. */
const DAY_MESSAGES: ReadonlySet<string> = new Set([
  DEAL_ROOM_MESSAGES.accessEndsInvalid,
  DEAL_ROOM_MESSAGES.accessEndsPast,
  DEAL_ROOM_MESSAGES.accessEndsNotLater,
  DEAL_ROOM_MESSAGES.accessEndsOnlyApproval,
]);

export const accessEndFieldErrors = (error: ApiError): FieldErrors | null =>
  error.status === 400 && DAY_MESSAGES.has(error.message) ? { [ACCESS_END_FIELD]: error.message } : null;

export const APPROVAL_END_LABEL = "Fecha de término del acceso (opcional)";
export const APPROVAL_END_HELP = "El último día en que verá el perfil completo, hora de la Ciudad de México. Déjalo vacío para que el acceso no termine.";

type EndView = Pick<AccessRequest, "access_ends_at" | "access_lapsed">;

/** The button that opens the dialog: an end moves later ('Extender acceso'); an approval without one gets its first. */
export const accessEndButtonLabel = (request: EndView): string => (request.access_ends_at === null ? "Fijar fecha de término" : "Extender acceso");

export interface AccessEndDialogText {
  readonly title: string;
  /** Where the access stands, and what a new day does. */
  readonly body: string;
  readonly fieldLabel: string;
  readonly fieldHelp: string;
  /** Whether 'Quitar fecha de término' is offered: only when there is an end to remove. */
  readonly canRemove: boolean;
}

/** What the extension dialog says, by where the access stands. */
export function accessEndDialogText(request: EndView & { readonly buyer: Pick<AccessRequest["buyer"], "name"> }): AccessEndDialogText {
  const name = request.buyer.name;
  const fieldLabel = "Nueva fecha de término";
  const fieldHelp = "El último día de acceso, hora de la Ciudad de México.";
  if (request.access_ends_at === null) {
    return {
      title: `Fecha de término del acceso de ${name}`,
      body: `El acceso de ${name} no termina. Si fijas una fecha, al final de ese día dejará de ver el perfil completo y los documentos, y la conversación se cerrará; les avisaremos por correo una semana antes.`,
      fieldLabel: "Fecha de término",
      fieldHelp,
      canRemove: false,
    };
  }
  const day = accessLastDay(request.access_ends_at);
  if (request.access_lapsed) {
    return {
      title: `¿Extender el acceso de ${name}?`,
      body: `El acceso de ${name} terminó el ${day}. Con una fecha posterior a hoy, o sin fecha de término, recupera de inmediato el perfil completo, los documentos y la conversación.`,
      fieldLabel,
      fieldHelp: `${fieldHelp} Debe ser posterior a hoy.`,
      canRemove: true,
    };
  }
  return {
    title: `¿Extender el acceso de ${name}?`,
    body: `${name} tiene acceso hasta el ${day}. Elige un día posterior, o quita la fecha de término para que el acceso no termine.`,
    fieldLabel,
    fieldHelp: `${fieldHelp} Debe ser posterior al ${day}.`,
    canRemove: true,
  };
}
