import { useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { useParams } from "wouter";
import type { AccessRequest, RequestBuyer } from "../../../../contracts/deal-room.ts";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { HIDDEN_NAME } from "../../../lib/incognito.ts";
import { useSession } from "../../../lib/session.tsx";
import { toastApiError, toastSuccess } from "../../../lib/toast.ts";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { useDecideAccessRequest } from "../api/decide-access-request.ts";
import { useAccessRequest } from "../api/get-access-request.ts";
import { AccessEndDialog } from "./AccessEndDialog.tsx";
import { accessEndButtonLabel } from "./access-end-form.ts";
import { ApproveDialog } from "./ApproveDialog.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { DealThread } from "./DealThread.tsx";
import { externalUrl, formatDay, NDA_NOT_CURRENT_NOTE, ndaRecordText, NOT_AVAILABLE, shownCompanyName, telHref } from "./deal-format.ts";
import { LettersOfIntent } from "./LettersOfIntent.tsx";
import { NdaUpdateNotice } from "./NdaUpdateNotice.tsx";
import { accessEndNote, buyerStatusNote, decisionActions, decisionNote, DECIDED_LABELS, type DecisionAction } from "./request-view.ts";
import { AccessStatusBadge, VerificationBadge } from "./StatusBadge.tsx";
import * as styles from "./AccessRequestPage.css.ts";

const BACK_LINK = (
  <Link href="/solicitudes">
    ← Volver a Solicitudes
  </Link>
);

/** Focus `target` once a dialog or a vanished button has let go of the focus (the page's body holds it). */
function focusWhenLost(target: RefObject<HTMLElement | null>): void {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) target.current?.focus();
  }, 0);
}

function Facts({ rows }: { readonly rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.factRow}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The seller's (and admin's) view of who asks: the registration profile, the verification, and the contact once approved. */
function BuyerCard({ buyer, status }: { readonly buyer: RequestBuyer; readonly status: AccessRequest["status"] }) {
  const titleId = useId();
  const website = buyer.website === null ? null : externalUrl(buyer.website);
  const rows: Array<readonly [string, ReactNode]> = [
    ["Perfil", buyer.buyer_description?.name ?? NOT_AVAILABLE],
    ["Estado", buyer.state?.name ?? NOT_AVAILABLE],
    ["Tesis de inversión", buyer.investment_description_summary ?? NOT_AVAILABLE],
    ["Ticket de inversión", buyer.investment_size?.name ?? NOT_AVAILABLE],
    [
      "Sitio web",
      website === null ? (buyer.website ?? NOT_AVAILABLE) : (
        <Link href={website} isExternal>
          {buyer.website}
          <span className={visuallyHidden}> (se abre en una pestaña nueva)</span>
        </Link>
      ),
    ],
    ["Miembro desde", formatDay(buyer.member_since)],
    ...(buyer.email === null ? [] : [["Correo", <Link key="email" href={`mailto:${buyer.email}`}>{buyer.email}</Link>] as const]),
    ...(buyer.phone === null ? [] : [["Teléfono", <Link key="phone" href={telHref(buyer.phone)}>{buyer.phone}</Link>] as const]),
  ];
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Comprador
      </h2>
      <p className={styles.statusLine}>
        <strong>{buyer.name}</strong>
        <VerificationBadge verified={buyer.email_verified} />
      </p>
      <Facts rows={rows} />
      {buyer.email === null && status === "pending" ? <p className={styles.muted}>Verás su correo y su teléfono cuando apruebes la solicitud.</p> : null}
    </section>
  );
}

/** The NDA record both parties see; the buyer of an approved request accepts a newer version here too. */
function NdaRecord({ request }: { readonly request: AccessRequest }) {
  const titleId = useId();
  const recordRef = useRef<HTMLParagraphElement>(null);
  const nda = request.nda;
  const mustAccept = request.viewer_role === "buyer" && request.status === "approved" && !nda.current;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Acuerdo de confidencialidad
      </h2>
      <p ref={recordRef} tabIndex={-1} className={`${styles.text} ${styles.statusLine}`}>
        {ndaRecordText(nda)}
      </p>
      {nda.current ? null : <p className={styles.muted}>{NDA_NOT_CURRENT_NOTE}</p>}
      {mustAccept ? (
        <NdaUpdateNotice requestId={request.id} companyId={request.company.id} humanId={request.company.human_id} acceptedVersion={nda.version} headingLevel={3} onAccepted={() => focusWhenLost(recordRef)} />
      ) : null}
    </section>
  );
}

/**
 * The owner's (or admin's) decisions, as the lifecycle allows them; each
 * asks first in a dialog (the focus goes back to its button on 'Cancelar'
 * or Escape), then toasts and shows the new status, which takes the focus
 * once the buttons are gone. Approving takes an optional last day
 * (ApproveDialog); an approval's end is moved or removed with 'Extender
 * acceso' (AccessEndDialog), also once it lapsed (decision 050).
 */
function Decisions({ request, onDecided }: { readonly request: AccessRequest; readonly onDecided: () => void }) {
  const decide = useDecideAccessRequest();
  const [confirming, setConfirming] = useState<DecisionAction | null>(null);
  const [settingEnd, setSettingEnd] = useState(false);
  const titleId = useId();
  const actions = decisionActions(request.allowed_statuses, request.buyer.name);
  if (actions.length === 0 && !request.can_set_access_end) return null;
  const endNote = accessEndNote(request);
  // Past its end, the approval's note ("ve el perfil completo") would be untrue: the end's note says what holds.
  const note = request.access_lapsed ? endNote : [decisionNote(request.status, request.buyer.name), endNote].filter((part) => part !== null).join(" ") || null;

  const done = (action: DecisionAction) => {
    toastSuccess(action.doneMessage);
    setConfirming(null);
    onDecided();
  };

  const run = (action: DecisionAction) =>
    decide.mutate(
      { request, status: action.status },
      {
        onSuccess: () => done(action),
        onError: (error) => {
          toastApiError(error);
          setConfirming(null);
        },
      },
    );

  const approving = confirming?.status === "approved" ? confirming : null;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Tu decisión
      </h2>
      {note === null ? null : <p className={styles.text}>{note}</p>}
      <div className={styles.actions}>
        {actions.map((action) => (
          <Button key={action.status} variant={action.variant} isDisabled={decide.isPending} onPress={() => setConfirming(action)}>
            {action.label}
          </Button>
        ))}
        {request.can_set_access_end ? (
          <Button variant="secondary" isDisabled={decide.isPending} onPress={() => setSettingEnd(true)}>
            {accessEndButtonLabel(request)}
          </Button>
        ) : null}
      </div>
      <ApproveDialog
        confirmation={approving?.confirmation ?? null}
        isPending={decide.isPending}
        approve={(body) => decide.mutateAsync({ request, status: "approved", ...(body.access_ends_on === undefined ? {} : { accessEndsOn: body.access_ends_on }) })}
        onApproved={() => {
          if (approving !== null) done(approving);
        }}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        confirmation={approving === null ? (confirming?.confirmation ?? null) : null}
        isPending={decide.isPending}
        onConfirm={() => {
          if (confirming !== null) run(confirming);
        }}
        onCancel={() => setConfirming(null)}
      />
      {request.can_set_access_end ? <AccessEndDialog request={request} isOpen={settingEnd} onClose={() => setSettingEnd(false)} /> : null}
    </section>
  );
}

function RequestView({ request }: { readonly request: AccessRequest }) {
  const session = useSession();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const messageId = useId();
  const name = shownCompanyName(request.company.name, session, HIDDEN_NAME);
  const isBuyer = request.viewer_role === "buyer";
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {BACK_LINK}
        <h1 className={styles.title}>Solicitud de acceso · Empresa {request.company.human_id}</h1>
        {name === null ? null : <p className={styles.subtitle}>{name}</p>}
        <p ref={statusRef} tabIndex={-1} className={styles.statusLine}>
          <span>Estado:</span>
          <AccessStatusBadge status={request.status} />
          <span className={styles.muted}>
            Enviada el {formatDay(request.created_at)}
            {request.decided_at === null ? null : ` · ${DECIDED_LABELS[request.status]} ${formatDay(request.decided_at)}`}
          </span>
        </p>
        <p className={styles.muted}>
          <Link href={`/perfil-de-negocio/${request.company.id}`}>Ver el perfil de la empresa {request.company.human_id}</Link>
        </p>
      </header>
      <div className={styles.layout}>
        <div className={styles.column}>
          <section className={styles.card} aria-labelledby={messageId}>
            <h2 id={messageId} className={styles.sectionTitle}>
              {isBuyer ? "Tu mensaje a la empresa" : `Mensaje de ${request.buyer.name}`}
            </h2>
            <p className={styles.text}>{request.message}</p>
            {isBuyer ? <p className={styles.muted}>{request.access_lapsed ? accessEndNote(request) : [buyerStatusNote(request.status), accessEndNote(request)].filter((part) => part !== null).join(" ")}</p> : null}
          </section>
          <DealThread request={request} />
          <LettersOfIntent request={request} />
        </div>
        <div className={styles.column}>
          <Decisions request={request} onDecided={() => focusWhenLost(statusRef)} />
          {isBuyer ? null : <BuyerCard buyer={request.buyer} status={request.status} />}
          <NdaRecord request={request} />
        </div>
      </div>
    </div>
  );
}

export interface AccessRequestPageProps {
  /** The app's 404 page, for an unknown request or one the viewer is no party to (composed in src/app). */
  readonly notFound?: ReactNode;
}

/** /solicitudes/{id}: one access request for its buyer, the company's owner or an admin. */
export default function AccessRequestPage({ notFound = null }: AccessRequestPageProps) {
  const params = useParams<{ id: string }>();
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  const request = useAccessRequest(id);
  const loadError = useLoadError([request]);

  if (id === null || (request.isError && isApiError(request.error) && (request.error.status === 404 || request.error.status === 400))) {
    return <>{notFound}</>;
  }
  if (loadError.show) {
    return (
      <div className={styles.page}>
        {BACK_LINK}
        <h1 className={styles.title}>Solicitud de acceso</h1>
        <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} />
      </div>
    );
  }
  if (request.isPending || request.isError) {
    return (
      <div className={styles.loading}>
        <Spinner size="large" label="Cargando la solicitud" />
      </div>
    );
  }
  return <RequestView request={request.data} />;
}
