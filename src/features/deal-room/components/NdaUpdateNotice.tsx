import { useId } from "react";
import { DEAL_ROOM_MESSAGES } from "../../../../contracts/deal-room.ts";
import { QueryLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useSession } from "../../../lib/session.tsx";
import { toastApiError, toastSuccess } from "../../../lib/toast.ts";
import { useAcceptNda } from "../api/accept-nda.ts";
import { useNda } from "../api/get-nda.ts";
import { NdaDocument } from "./NdaDocument.tsx";
import * as styles from "./AccessPanel.css.ts";

export interface NdaUpdateNoticeProps {
  readonly requestId: number;
  readonly companyId: number;
  readonly humanId: string;
  /** The version the buyer accepted before. */
  readonly acceptedVersion: string;
  /** The level of the notice's heading in the page around it. */
  readonly headingLevel: 3 | 4;
  /** After the acceptance, once the notice is about to go (its button held the focus). */
  readonly onAccepted?: () => void;
}

/**
 * An approved buyer whose accepted NDA is no longer the one in force: what
 * changed, the new text, and the button that accepts it. The profile and the
 * request are refetched afterwards (the mutation does it), so the full
 * profile shows again.
 */
export function NdaUpdateNotice({ requestId, companyId, humanId, acceptedVersion, headingLevel, onAccepted }: NdaUpdateNoticeProps) {
  const session = useSession();
  const nda = useNda();
  const accept = useAcceptNda();
  const titleId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const version = nda.data?.version;

  const onAccept = () => {
    if (version === undefined) return;
    // A promise, not mutate's callbacks: the refetched request removes this notice before the mutation settles.
    accept
      .mutateAsync({ requestId, companyId, ndaVersion: version })
      .then(() => {
        toastSuccess(DEAL_ROOM_MESSAGES.ndaAccepted);
        onAccepted?.();
      })
      .catch(toastApiError);
  };

  return (
    <div className={styles.dialogBody}>
      <p className={styles.hint}>
        Aceptaste la versión {acceptedVersion}. Mientras no aceptes la versión vigente, el perfil completo y los documentos compartidos quedan en pausa.
      </p>
      <Heading id={titleId} className={styles.subTitle}>
        Nuevo acuerdo de confidencialidad
      </Heading>
      {nda.isError ? (
        <QueryLoadError queries={[nda]} message="No pudimos cargar el acuerdo de confidencialidad." />
      ) : nda.data === undefined ? (
        <Spinner label="Cargando el acuerdo de confidencialidad" />
      ) : (
        <>
          <NdaDocument nda={nda.data} buyer={session.name ?? ""} reference={humanId} titleId={titleId} />
          <div className={styles.actions}>
            <Button onPress={onAccept} isPending={accept.isPending}>
              Acepto la versión {nda.data.version}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
