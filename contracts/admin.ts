import { Schema } from "effect";
import { DashboardCompanyListQuery } from "./companies.ts";
import { defineEndpoint } from "./endpoint.ts";
import { idFromPathParam, pageOf, positiveId } from "./fields.ts";
import { INVALID_PAGE_MESSAGE, INVALID_PAGE_SIZE_MESSAGE, MAX_PAGE_SIZE, positiveIntParam } from "./list-query.ts";
import { Role } from "./sessions.ts";

/**
 * The admin's users and analytics (spec sections 2, 3 and 7; issue 15).
 * Admins only: anyone else gets the generic 401/403. Companies are listed
 * through GET /companies?is_dashboard=true (contracts/companies.ts), which
 * answers every company to an admin.
 */

export const ADMIN_MESSAGES = {
  invalidUserId: "El usuario no existe.",
  /** The success toast of spec section 8. */
  deactivated: "El usuario fue desactivado correctamente",
} as const;

export const UserId = positiveId("UserId", ADMIN_MESSAGES.invalidUserId);
export type UserId = typeof UserId.Type;
export const UserIdParams = Schema.Struct({ id: idFromPathParam(UserId, ADMIN_MESSAGES.invalidUserId) });

/** `q` (name or e-mail, accent- and case-insensitive, at most 100 characters), `page`, `per_page` (DASHBOARD_PAGE_SIZE, 10, by default). */
export const UserListQuery = DashboardCompanyListQuery;

/** The KPI chart's span: this many weeks, the current one last. */
export const KPI_WEEKS = 12;

/** Spec section 3 "Admin rows": the user list row. `deletedAt` is set once the user is deactivated. */
export const AdminUserRow = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  email: Schema.String,
  createdAt: Schema.String,
  roles: Schema.Array(Schema.Struct({ name: Role })),
  deletedAt: Schema.NullOr(Schema.String),
});
export type AdminUserRow = typeof AdminUserRow.Type;

export const AdminUserList = pageOf(AdminUserRow);
export type AdminUserList = typeof AdminUserList.Type;

/** DELETE /users/{id}: the user as it is now (soft-deleted). */
export const DeactivatedUser = Schema.Struct({ id: Schema.Int, deletedAt: Schema.String });

/** One week of activity (Monday, Mexico City time, YYYY-MM-DD), oldest first. */
export const WeeklyActivity = Schema.Struct({
  week_start: Schema.String,
  sign_ups: Schema.Int,
  listings: Schema.Int,
});

/**
 * Spec section 3 "KPIs" (docs/decisions/021-admin-users-and-kpis.md): buyers
 * and sellers are active accounts with that role (an account with both counts
 * in both); companies are all of them, published ones those the marketplace
 * shows. Plus the last 12 weeks of sign-ups and new listings for the chart.
 */
export const Kpis = Schema.Struct({
  users_count: Schema.Struct({ buyers_count: Schema.Int, sellers_count: Schema.Int }),
  companies_count: Schema.Struct({ total_count: Schema.Int, published_count: Schema.Int }),
  weekly: Schema.Array(WeeklyActivity),
});
export type Kpis = typeof Kpis.Type;

export const ADMIN_ERRORS = {
  userNotFound: { status: 404, message: ADMIN_MESSAGES.invalidUserId },
  cannotDeactivateSelf: { status: 409, message: "No puedes desactivar tu propia cuenta." },
  alreadyDeactivated: { status: 409, message: "El usuario ya está desactivado." },
  tooMany: { status: 429, message: "Hiciste demasiadas acciones de administración seguidas. Espera unos minutos e intenta de nuevo." },
} as const;

/** GET /users: every user, searchable, 10 per page. */
export const listUsersEndpoint = defineEndpoint({
  method: "GET",
  path: "/users",
  summary: "Every user for the admin dashboard: search by name or e-mail, paged.",
  access: { who: "role", roles: ["admin"] },
  query: UserListQuery,
  response: AdminUserList,
});

/** DELETE /users/{id}: deactivates (soft-deletes) a user. */
export const deactivateUserEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/users/:id",
  summary: "Deactivate a user: no more log-ins, tokens stop working, their companies leave the marketplace; nothing is erased.",
  access: { who: "role", roles: ["admin"] },
  params: UserIdParams,
  response: DeactivatedUser,
  errors: {
    userNotFound: ADMIN_ERRORS.userNotFound,
    cannotDeactivateSelf: ADMIN_ERRORS.cannotDeactivateSelf,
    alreadyDeactivated: ADMIN_ERRORS.alreadyDeactivated,
    tooMany: ADMIN_ERRORS.tooMany,
  },
});

/** GET /analytics/kpis. */
export const getKpisEndpoint = defineEndpoint({
  method: "GET",
  path: "/analytics/kpis",
  summary: "Buyers, sellers, companies and published companies, with 12 weeks of sign-ups and listings.",
  access: { who: "role", roles: ["admin"] },
  response: Kpis,
});

// --- The e-mail outbox (docs/decisions/031-email-outbox.md) ----------------------------------

/**
 * Where an e-mail stands: pending (waiting for its next attempt), sending
 * (a server process holds it), sent, or failed (refused for good by the
 * mail server, or undelivered for the whole retry window: nobody will send
 * it unless the team does).
 */
export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export const EmailStatus = Schema.Literal(...EMAIL_STATUSES).annotations({ message: () => ({ message: "El estado de correo no es válido.", override: true }) });
export type EmailStatus = typeof EmailStatus.Type;

/** `status` (all when absent), `page`, `per_page` (DASHBOARD_PAGE_SIZE, 10, by default). */
export const EmailListQuery = Schema.Struct({
  status: Schema.optional(EmailStatus),
  page: positiveIntParam(INVALID_PAGE_MESSAGE, 100_000),
  per_page: positiveIntParam(INVALID_PAGE_SIZE_MESSAGE, MAX_PAGE_SIZE),
});

/** One e-mail as the admin sees it: who, what, where it stands and the last error; never its body (links with tokens). */
export const AdminEmailRow = Schema.Struct({
  id: Schema.Int,
  recipient: Schema.String,
  subject: Schema.String,
  status: EmailStatus,
  attempts: Schema.Int,
  last_error: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  last_attempt_at: Schema.NullOr(Schema.String),
  next_attempt_at: Schema.NullOr(Schema.String),
  sent_at: Schema.NullOr(Schema.String),
});
export type AdminEmailRow = typeof AdminEmailRow.Type;

export const AdminEmailList = pageOf(AdminEmailRow);
export type AdminEmailList = typeof AdminEmailList.Type;

/** GET /emails?status=failed: the outbox, newest first; what did not go, and why. */
export const listEmailsEndpoint = defineEndpoint({
  method: "GET",
  path: "/emails",
  summary: "The e-mail outbox for admins, newest first, by status: what is waiting, what went, what failed and why.",
  access: { who: "role", roles: ["admin"] },
  query: EmailListQuery,
  response: AdminEmailList,
});
