/**
 * The pure parts of the admin tables and KPIs: Spanish labels and numbers.
 * No React, no styles: unit tested in node (tests/unit/admin/admin-rows.test.ts).
 */
import type { Role } from "../../../../contracts/sessions.ts";

const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: "Administrador",
  seller: "Vendedor",
  buyer: "Comprador",
};

/** "Vendedor, Comprador": the roles as people say them, in the order the account has them. */
export function rolesText(roles: ReadonlyArray<{ readonly name: Role }>): string {
  return roles.length === 0 ? "Sin rol" : roles.map((role) => ROLE_LABELS[role.name]).join(", ");
}

const integer = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 0 });

/** "1,234". */
export const formatCount = (value: number): string => integer.format(value);
