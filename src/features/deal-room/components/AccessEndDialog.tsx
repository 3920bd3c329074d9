import { useState } from "react";
import { DEAL_ROOM_MESSAGES, type AccessRequest } from "../../../../contracts/deal-room.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { isApiError } from "../../../lib/api-error.ts";
import { useForm } from "../../../lib/form.ts";
import { toastApiError, toastSuccess } from "../../../lib/toast.ts";
import { useSetAccessEnd } from "../api/set-access-end.ts";
import { accessEndDialogText, accessEndFieldErrors, extensionBody, NO_ACCESS_END, type AccessEndDialogText } from "./access-end-form.ts";
import * as panel from "./AccessPanel.css.ts";

type EndRequest = Pick<AccessRequest, "id" | "company" | "access_ends_at" | "access_lapsed" | "buyer">;

export interface AccessEndDialogProps {
  readonly request: EndRequest;
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

interface AccessEndFormProps {
  readonly request: EndRequest;
  readonly text: AccessEndDialogText;
  readonly setEnd: ReturnType<typeof useSetAccessEnd>;
  readonly onClose: () => void;
}

/** The new day, 'Guardar fecha', 'Quitar fecha de término' (when there is an end) and 'Cancelar'; mounted afresh on every opening. */
function AccessEndForm({ request, text, setEnd, onClose }: AccessEndFormProps) {
  const closeOnFailure = (error: unknown) => {
    if (!isApiError(error) || accessEndFieldErrors(error) === null) onClose();
  };
  const form = useForm({
    initialValues: NO_ACCESS_END,
    validate: extensionBody,
    submit: (body) => setEnd.mutateAsync({ request, accessEndsOn: body.access_ends_on }),
    // A day the server refuses (not after today, not after the current end) is said under the field; anything else is the toast.
    mapApiError: accessEndFieldErrors,
    onSuccess: () => {
      toastSuccess(DEAL_ROOM_MESSAGES.accessExtended);
      onClose();
    },
    onError: closeOnFailure,
  });
  const removing = setEnd.isPending && setEnd.variables?.accessEndsOn === null;
  const busy = form.isSubmitting || setEnd.isPending;
  const remove = () =>
    setEnd.mutate(
      { request, accessEndsOn: null },
      {
        onSuccess: () => {
          toastSuccess(DEAL_ROOM_MESSAGES.accessEndRemoved);
          onClose();
        },
        onError: (error) => {
          toastApiError(error);
          onClose();
        },
      },
    );
  return (
    <form ref={form.formRef} className={panel.dialogBody} noValidate onSubmit={form.onSubmit}>
      <p className={panel.message}>{text.body}</p>
      <TextField {...form.field("access_ends_on", { label: text.fieldLabel, description: text.fieldHelp })} type="date" isRequired />
      <div className={panel.actions}>
        <Button type="submit" isPending={form.isSubmitting} isDisabled={removing}>
          Guardar fecha
        </Button>
        {text.canRemove ? (
          <Button variant="secondary" isPending={removing} isDisabled={form.isSubmitting} onPress={remove}>
            Quitar fecha de término
          </Button>
        ) : null}
        <Button variant="secondary" isDisabled={busy} onPress={onClose}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Extender acceso' (decision 050): the company's owner or an admin moves
 * an approval's last day later, removes it, or gives a lapsed request a new
 * one (its access comes back at once). Checked on submit with the
 * contract's schema; the server's refusals of the day are said under the
 * field. On success it toasts and closes; react-aria gives the focus back
 * to the button that opened it, which stays on the page.
 */
export function AccessEndDialog({ request, isOpen, onClose }: AccessEndDialogProps) {
  const setEnd = useSetAccessEnd();
  // What the dialog says is fixed when it opens, so the text does not change under the person (or while it closes).
  const [text, setText] = useState(() => accessEndDialogText(request));
  const [wasOpen, setWasOpen] = useState(isOpen);
  const [opening, setOpening] = useState(0);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setText(accessEndDialogText(request));
      setOpening(opening + 1);
    }
  }
  return (
    <Modal
      title={text.title}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !setEnd.isPending) onClose();
      }}
    >
      <AccessEndForm key={opening} request={request} text={text} setEnd={setEnd} onClose={onClose} />
    </Modal>
  );
}
