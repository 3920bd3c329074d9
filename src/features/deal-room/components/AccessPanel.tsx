import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "wouter";
import type { CompanyProfileView } from "../../../../contracts/marketplace.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { loginPathFor } from "../../../utils/safe-redirect.ts";
import { accessPanelMessage, accessPanelState, type AccessPanelState } from "./access-panel.ts";
import { Badge } from "./Badge.tsx";
import * as styles from "./AccessPanel.css.ts";

// The NDA's dialog and notice, with their forms and API calls, load only when
// the viewer's state needs them: a visitor's profile is read, not used (decision 047).
const NdaUpdateNotice = lazy(async () => ({ default: (await import("./NdaUpdateNotice.tsx")).NdaUpdateNotice }));
const RequestAccessDialog = lazy(async () => ({ default: (await import("./RequestAccessDialog.tsx")).RequestAccessDialog }));

export interface AccessPanelProps {
  readonly company: Pick<CompanyProfileView, "id" | "human_id" | "viewer_access" | "confidential">;
}

/** What follows the sentence: where to go, or what to do, in each state. */
function PanelAction({ state, onRequest }: { readonly state: AccessPanelState; readonly onRequest: () => void }) {
  const [location] = useLocation();
  switch (state.kind) {
    case "can_request":
      return <Button onPress={onRequest}>Solicitar acceso al perfil completo</Button>;
    case "sign_in":
      return (
        <Link href={loginPathFor(location)} variant="primary">
          Iniciar sesión
        </Link>
      );
    case "not_buyer":
      return <Link href="/registro">Crear una cuenta de comprador</Link>;
    case "email_unverified":
      return <Link href="/mi-perfil">Verificar mi correo en Mi perfil</Link>;
    case "own_company":
      return <Link href="/solicitudes">Ver las solicitudes que recibes</Link>;
    case "pending":
    case "lapsed":
      return <Link href={`/solicitudes/${state.requestId}`}>Ver mi solicitud</Link>;
    case "approved":
      return (
        <Link href={`/solicitudes/${state.requestId}`} variant="primary">
          Ir a la conversación
        </Link>
      );
    case "nda_outdated":
    case "admin":
    case "cooling_off":
    case "open_request":
      return null;
  }
}

/** The states whose sentence is all there is to say (the NDA notice has its own button). */
const WITHOUT_ACTION: ReadonlySet<AccessPanelState["kind"]> = new Set(["nda_outdated", "admin", "cooling_off", "open_request"]);

const STATUS_BADGES: Partial<Record<AccessPanelState["kind"], { readonly tone: "waiting" | "good"; readonly label: string }>> = {
  pending: { tone: "waiting", label: "Solicitud pendiente" },
  approved: { tone: "good", label: "Acceso aprobado" },
  nda_outdated: { tone: "waiting", label: "Acceso en pausa" },
  lapsed: { tone: "waiting", label: "Acceso terminado" },
};

/**
 * The business profile's access panel (decision 023): from the profile's
 * `viewer_access`, why the viewer cannot ask (with where to fix it), the
 * button that opens the NDA dialog, or the state of their request. After
 * an action changes the state, the focus moves to the new sentence (the
 * button that had it is gone), which also reads it out.
 */
export function AccessPanel({ company }: AccessPanelProps) {
  const state = accessPanelState(company.viewer_access, company.confidential !== null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Like useFocusOnChange, but only once the dialog is closed: while it is open it holds the focus.
  const shownKind = useRef(state.kind);
  useEffect(() => {
    if (dialogOpen || shownKind.current === state.kind) return;
    shownKind.current = state.kind;
    messageRef.current?.focus();
  }, [dialogOpen, state.kind]);
  const badge = STATUS_BADGES[state.kind];

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        Acceso al perfil completo
      </h2>
      {/* The badge and the sentence are one focus target, so both are read when the focus lands here. */}
      <div ref={messageRef} tabIndex={-1} className={`${styles.message} ${styles.status}`}>
        {badge === undefined ? null : (
          <p className={styles.message}>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </p>
        )}
        <p className={styles.message}>{accessPanelMessage(state)}</p>
      </div>
      {state.kind === "nda_outdated" ? (
        <Suspense fallback={null}>
          <NdaUpdateNotice requestId={state.requestId} companyId={company.id} humanId={company.human_id} acceptedVersion={state.acceptedVersion} headingLevel={3} />
        </Suspense>
      ) : null}
      {WITHOUT_ACTION.has(state.kind) ? null : (
        <div className={styles.actions}>
          <PanelAction state={state} onRequest={() => setDialogOpen(true)} />
        </div>
      )}
      {state.kind === "can_request" || dialogOpen ? (
        <Suspense fallback={null}>
          <RequestAccessDialog companyId={company.id} humanId={company.human_id} isOpen={dialogOpen} onOpenChange={setDialogOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}
