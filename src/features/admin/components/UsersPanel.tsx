import { useState } from "react";
import type { AdminUserRow } from "../../../../contracts/admin.ts";
import { SEARCH_MAX_LENGTH } from "../../../../contracts/list-query.ts";
import { DebouncedSearchField } from "../../../components/DebouncedSearchField.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { useTableSearch } from "../../../hooks/useTableSearch.ts";
import { useSession } from "../../../lib/session.tsx";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { formatDay } from "../../../utils/dates.ts";
import { useUsers } from "../api/list-users.ts";
import { rolesText } from "./admin-rows.ts";
import { DeactivateUserDialog } from "./DeactivateUserDialog.tsx";
import * as styles from "./AdminDashboard.css.ts";

const TITLE_ID = "admin-usuarios-title";
/** The status of a user's row; focus lands there after a deactivation (its button is gone). */
const statusId = (userId: number): string => `usuario-${userId}-estado`;

interface UserRowProps {
  readonly user: AdminUserRow;
  readonly isSelf: boolean;
  readonly onDeactivate: () => void;
}

function UserRow({ user, isSelf, onDeactivate }: UserRowProps) {
  const deactivated = user.deletedAt !== null;
  return (
    <tr>
      <td className={styles.cell}>
        {/* Red and the word: never colour alone. */}
        <span className={deactivated ? styles.deactivatedName : undefined}>{user.name}</span>
        {deactivated ? (
          <span id={statusId(user.id)} tabIndex={-1} className={styles.deactivatedBadge}>
            Desactivado
          </span>
        ) : null}
      </td>
      <td className={styles.cell}>{user.email}</td>
      <td className={styles.cell}>{formatDay(user.createdAt)}</td>
      <td className={styles.cell}>{rolesText(user.roles)}</td>
      <td className={styles.cell}>
        {user.deletedAt === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className={visuallyHidden}>Activo</span>
          </>
        ) : (
          formatDay(user.deletedAt)
        )}
      </td>
      <td className={styles.cell}>
        {deactivated ? null : isSelf ? (
          <span className={styles.note}>Tu cuenta</span>
        ) : (
          <Button variant="secondary" aria-label={`Desactivar a ${user.name}`} onPress={onDeactivate}>
            Desactivar
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Usuarios (spec section 2): every account, searchable by name or e-mail, 10 a page; 'Desactivar' through a confirmation. */
export function UsersPanel() {
  const session = useSession();
  const { q, page, setPage, search } = useTableSearch();
  const [confirming, setConfirming] = useState<AdminUserRow | null>(null);
  const users = useUsers({ q, page });

  const closeDialog = (deactivated: boolean) => {
    const user = confirming;
    setConfirming(null);
    if (!deactivated || user === null) return;
    // The dialog gives the focus back to 'Desactivar', which is gone now: take it to the row's new status instead.
    window.setTimeout(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) document.getElementById(statusId(user.id))?.focus();
    }, 0);
  };

  return (
    <div className={styles.panel}>
      <h2 id={TITLE_ID} className={styles.sectionTitle}>
        Usuarios
      </h2>
      <div className={styles.toolbar}>
        <DebouncedSearchField label="Buscar usuarios" placeholder="Nombre o email" maxLength={SEARCH_MAX_LENGTH} committed={q} onCommit={search} />
      </div>
      <PagedTable
        labelledBy={TITLE_ID}
        columns={["Nombre", "Email", "Registro", "Roles", "Desactivado el", "Acciones"]}
        query={users}
        page={page}
        onPage={setPage}
        pagerLabel="Páginas de usuarios"
        loadingLabel="Cargando usuarios"
        loadErrorMessage="No pudimos cargar los usuarios."
        emptyMessage={q.trim() === "" ? "Aún no hay usuarios." : "Ningún usuario coincide con tu búsqueda."}
        renderRow={(user) => <UserRow user={user} isSelf={user.id === session.id} onDeactivate={() => setConfirming(user)} />}
      />
      <DeactivateUserDialog user={confirming} onClose={closeDialog} />
    </div>
  );
}
