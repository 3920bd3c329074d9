import { useId, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { ACCESS_REQUEST_STATUSES, type AccessRequestStatus } from "../../../../contracts/marketplace.ts";
import { ACCESS_STATUS_LABELS, LOI_STATUS_LABELS, type AccessRequest } from "../../../../contracts/deal-room.ts";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Pager } from "../../../components/Pager.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { TabPanel, Tabs } from "../../../components/ui/Tabs.tsx";
import { usePaging } from "../../../hooks/usePaging.ts";
import { HIDDEN_NAME } from "../../../lib/incognito.ts";
import { useSession } from "../../../lib/session.tsx";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { useAccessRequests } from "../api/list-access-requests.ts";
import { formatDay, shownCompanyName } from "./deal-format.ts";
import { emptyState, requestTabs, selectedTab, unreadLabel, type RequestSide, type RequestTab, type RequestTabId } from "./request-view.ts";
import { AccessStatusBadge, VerificationBadge } from "./StatusBadge.tsx";
import * as styles from "./AccessRequestsPage.css.ts";

// The status filter is a react-aria Select over numeric ids: 0 is "every status".
const ALL_STATUSES = 0;
const STATUS_OPTIONS = [
  { id: ALL_STATUSES, name: "Todos los estados" },
  ...ACCESS_REQUEST_STATUSES.map((status, index) => ({ id: index + 1, name: ACCESS_STATUS_LABELS[status] })),
];
const statusOfId = (id: number | null): AccessRequestStatus | null => (id === null || id === ALL_STATUSES ? null : (ACCESS_REQUEST_STATUSES[id - 1] ?? null));
const idOfStatus = (status: AccessRequestStatus | null): number => (status === null ? ALL_STATUSES : ACCESS_REQUEST_STATUSES.indexOf(status) + 1);

function RequestCard({ request, side }: { readonly request: AccessRequest; readonly side: RequestSide }) {
  const session = useSession();
  const titleId = useId();
  const name = shownCompanyName(request.company.name, session, HIDDEN_NAME);
  const showBuyer = side !== "outgoing";
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <h3 id={titleId} className={styles.cardTitle}>
          <Link href={`/solicitudes/${request.id}`}>
            Empresa {request.company.human_id}
            {name === null ? null : ` · ${name}`}
          </Link>
        </h3>
        <AccessStatusBadge status={request.status} />
      </div>
      {showBuyer ? (
        <p className={styles.party}>
          <span>
            Comprador: <strong>{request.buyer.name}</strong>
            {request.buyer.buyer_description === null ? null : ` · ${request.buyer.buyer_description.name}`}
          </span>
          <VerificationBadge verified={request.buyer.email_verified} />
        </p>
      ) : request.company.short_description === null ? null : (
        <p className={styles.muted}>{request.company.short_description}</p>
      )}
      <dl className={styles.facts}>
        <dt className={styles.term}>Enviada</dt>
        <dd className={styles.value}>{formatDay(request.created_at)}</dd>
        {request.decided_at === null ? null : (
          <>
            <dt className={styles.term}>Respuesta</dt>
            <dd className={styles.value}>{formatDay(request.decided_at)}</dd>
          </>
        )}
        {request.latest_letter === null ? null : (
          <>
            <dt className={styles.term}>Carta de intención</dt>
            <dd className={styles.value}>{LOI_STATUS_LABELS[request.latest_letter.status]}</dd>
          </>
        )}
        <dt className={styles.term}>Mensajes</dt>
        <dd className={request.unread_messages > 0 ? `${styles.value} ${styles.unread}` : styles.value}>
          {request.unread_messages > 0 ? unreadLabel(request.unread_messages) : "Sin mensajes nuevos"}
        </dd>
      </dl>
    </article>
  );
}

/** One side's requests: the status filter, the cards (newest first), the pager, and an empty state that says what happens next. */
function RequestList({ tab }: { readonly tab: RequestTab }) {
  const [status, setStatus] = useState<AccessRequestStatus | null>(null);
  const [page, setPage] = useState(1);
  const requests = useAccessRequests({ side: tab.side, ...(status === null ? {} : { status }), page });
  const loadError = useLoadError([requests]);
  const paging = usePaging(page, setPage, requests);
  const headingId = useId();
  const data = requests.data;
  const empty = emptyState(tab.side, status);

  return (
    <div className={styles.panel}>
      <h2 id={headingId} className={visuallyHidden}>
        Solicitudes {tab.label.toLowerCase()}
      </h2>
      <div className={styles.toolbar}>
        <div className={styles.filter}>
          <Select
            label="Estado"
            options={STATUS_OPTIONS}
            value={idOfStatus(status)}
            onChange={(id) => {
              setStatus(statusOfId(id));
              setPage(1);
            }}
          />
        </div>
      </div>
      {loadError.show ? (
        <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} message="No pudimos cargar tus solicitudes." />
      ) : data === undefined ? (
        <Spinner label="Cargando solicitudes" />
      ) : data.total === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle} role="status">
            {empty.title}
          </p>
          <p className={styles.emptyBody}>{empty.body}</p>
          {empty.action === null ? null : (
            <Link href={empty.action.href} variant="primary">
              {empty.action.label}
            </Link>
          )}
        </div>
      ) : (
        <>
          <ul className={styles.list} aria-labelledby={headingId} aria-busy={requests.isPlaceholderData}>
            {data.items.map((request) => (
              <li key={request.id}>
                <RequestCard request={request} side={tab.side} />
              </li>
            ))}
          </ul>
          {paging === null ? null : <Pager label={`Páginas de solicitudes ${tab.label.toLowerCase()}`} paging={paging} onPage={setPage} />}
        </>
      )}
    </div>
  );
}

/**
 * /solicitudes: the caller's access requests. Sellers see what they
 * received, buyers what they sent, admins all of them; with more than one
 * of these, one tab each (kept in `?tab=`).
 */
export default function AccessRequestsPage() {
  const session = useSession();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const tabs = requestTabs(session);
  const tab = selectedTab(tabs, new URLSearchParams(search).get("tab"));

  const selectTab = (next: RequestTabId) => {
    const query = new URLSearchParams(search);
    query.set("tab", next);
    navigate(`${location}?${query.toString()}`, { replace: true });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Solicitudes</h1>
      <p className={styles.lead}>Las solicitudes de acceso al perfil completo de las empresas: quién las envió, en qué estado están y sus conversaciones.</p>
      {tabs.length > 1 ? (
        <Tabs label="Tipo de solicitudes" selectedKey={tab.id} onSelectionChange={selectTab} tabs={tabs}>
          {tabs.map((each) => (
            <TabPanel key={each.id} id={each.id}>
              <RequestList tab={each} />
            </TabPanel>
          ))}
        </Tabs>
      ) : (
        <RequestList tab={tab} />
      )}
    </div>
  );
}
