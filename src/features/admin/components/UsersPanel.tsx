import { useState } from "react";
import type { AdminUserRow } from "../../../../contracts/admin.ts";
import { SEARCH_MAX_LENGTH } from "../../../../contracts/list-query.ts";
import { DebouncedSearchField } from "../../../components/DebouncedSearchField.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import type { TableColumn } from "../../../components/ui/Table.tsx";
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

/** The users table's columns; `selfId` is the signed-in admin (no 'Desactivar' on their own row). */
function userColumns(selfId: number | null, onDeactivate: (user: AdminUserRow) => void): ReadonlyArray<TableColumn<AdminUserRow>> {
  return [
    {
      header: "Nombre",
      cell: (user) => (
        <>
          {/* Red and the word: never colour alone. */}
          <span className={user.deletedAt === null ? undefined : styles.deactivatedName}>{user.name}</span>
          {user.deletedAt === null ? null : (
            <span id={statusId(user.id)} tabIndex={-1} className={styles.deactivatedBadge}>
              Desactivado
            </span>
          )}
        </>
      ),
    },
    { header: "Email", cell: (user) => user.email },
    { header: "Registro", cell: (user) => formatDay(user.createdAt) },
    { header: "Roles", cell: (user) => rolesText(user.roles) },
    {
      header: "Desactivado el",
      cell: (user) =>
        user.deletedAt === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className={visuallyHidden}>Activo</span>
          </>
        ) : (
          formatDay(user.deletedAt)
        ),
    },
    {
      header: "Acciones",
      cell: (user) =>
        user.deletedAt !== null ? null : user.id === selfId ? (
          <span className={styles.note}>Tu cuenta</span>
        ) : (
          <Button variant="secondary" aria-label={`Desactivar a ${user.name}`} onPress={() => onDeactivate(user)}>
            Desactivar
          </Button>
        ),
    },
  ];
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
        caption="Usuarios"
        columns={userColumns(session.id, setConfirming)}
        query={users}
        page={page}
        onPage={setPage}
        pagerLabel="Páginas de usuarios"
        loadingLabel="Cargando usuarios"
        loadErrorMessage="No pudimos cargar los usuarios."
        emptyMessage={q.trim() === "" ? "Aún no hay usuarios." : "Ningún usuario coincide con tu búsqueda."}
      />
      <DeactivateUserDialog user={confirming} onClose={closeDialog} />
    </div>
  );
}
