import { useId } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ACCESS_REQUEST_MESSAGE_MAX_LENGTH, CreateAccessRequest, DEAL_ROOM_MESSAGES } from "../../../../contracts/deal-room.ts";
import { QueryLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Checkbox } from "../../../components/ui/Checkbox.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useForm } from "../../../lib/form.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import { useSession } from "../../../lib/session.tsx";
import { toastSuccess } from "../../../lib/toast.ts";
import { useCreateAccessRequest } from "../api/create-access-request.ts";
import { dealRoomKeys } from "../api/deal-room-keys.ts";
import { useNda } from "../api/get-nda.ts";
import { NdaDocument } from "./NdaDocument.tsx";
import * as styles from "./AccessPanel.css.ts";

export interface RequestAccessDialogProps {
  readonly companyId: number;
  readonly humanId: string;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
}

interface Values {
  readonly message: string;
  /** The version the box was ticked for: a new version arriving unticks it. */
  readonly nda_version: string;
}

const EMPTY: Values = { message: "", nda_version: "" };

/**
 * The request for the full profile: the NDA in force with the parties
 * written in, the buyer's message to the company and the acceptance box.
 * Checked on submit with the contract's messages (an unticked box sends no
 * version, which the contract calls `ndaRequired`). While it is sent the
 * dialog stays open; on success it closes with the contract's toast, and
 * the profile (refetched by the mutation) shows the request as pending.
 */
export function RequestAccessDialog({ companyId, humanId, isOpen, onOpenChange }: RequestAccessDialogProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const nda = useNda(isOpen);
  const create = useCreateAccessRequest(companyId);
  const titleId = useId();
  const version = nda.data?.version ?? "";

  const form = useForm({
    initialValues: EMPTY,
    validate: (values: Values) =>
      validateForm(CreateAccessRequest, { message: values.message, nda_version: values.nda_version !== "" && values.nda_version === version ? version : "" }),
    submit: create.mutateAsync,
    // The NDA changed while it was being read: said under the box, which the new text (refetched in onError) unticks.
    mapApiError: (error) => (error.status === 400 && error.message === DEAL_ROOM_MESSAGES.ndaOutdated ? { nda_version: error.message } : null),
    onSuccess: (_request, _body, { setValues }) => {
      toastSuccess(DEAL_ROOM_MESSAGES.requestSent);
      setValues(EMPTY);
      onOpenChange(false);
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      if (error.status === 400) void queryClient.invalidateQueries({ queryKey: dealRoomKeys.nda() });
      // Asking is no longer possible (already asked, cooling off, not verified): the toast and the refreshed panel say why.
      if (error.status === 403 || error.status === 404 || error.status === 409) onOpenChange(false);
    },
  });

  return (
    <Modal
      title="Solicitar acceso al perfil completo"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && form.isSubmitting) return;
        onOpenChange(open);
      }}
    >
      <div className={styles.dialogBody}>
        <p className={styles.hint}>
          Lee el acuerdo de confidencialidad. Al aceptarlo y enviar tu solicitud, la empresa {humanId} verá tu nombre y tu perfil de comprador (no tu correo ni tu
          teléfono) y decidirá si te da acceso. Te avisaremos por correo.
        </p>
        {/* The dialog's own title is an h2 (react-aria's Dialog). */}
        <h3 id={titleId} className={styles.subTitle}>
          Acuerdo de confidencialidad
        </h3>
        {nda.isError ? (
          <QueryLoadError queries={[nda]} message="No pudimos cargar el acuerdo de confidencialidad." />
        ) : nda.data === undefined ? (
          <Spinner label="Cargando el acuerdo de confidencialidad" />
        ) : (
          <NdaDocument nda={nda.data} buyer={session.name ?? ""} reference={humanId} titleId={titleId} />
        )}
        <form ref={form.formRef} className={styles.dialogBody} noValidate onSubmit={form.onSubmit}>
          <TextAreaField
            {...form.field("message", {
              label: "Mensaje para la empresa",
              description: `Quién eres, qué buscas y por qué te interesa esta empresa. Máximo ${ACCESS_REQUEST_MESSAGE_MAX_LENGTH.toLocaleString("es-MX")} caracteres.`,
            })}
            rows={5}
            isRequired
          />
          <Checkbox
            {...form.checkbox("nda_version", {
              label: `He leído y acepto el acuerdo de confidencialidad${version === "" ? "" : ` (versión ${version})`}`,
              // Ticked only for the version in force.
              format: (accepted) => accepted !== "" && accepted === version,
              parse: (selected) => (selected ? version : ""),
            })}
            isDisabled={nda.data === undefined}
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={form.isSubmitting} isDisabled={nda.data === undefined}>
              Aceptar y enviar solicitud
            </Button>
            <Button variant="secondary" isDisabled={form.isSubmitting} onPress={() => onOpenChange(false)}>
              Cancelar
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
