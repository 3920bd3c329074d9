import { getCompanyRecordEndpoint, listDashboardCompaniesEndpoint } from "../../contracts/companies.ts";
import { isAdmin } from "../auth/authz.ts";
import { catalogueNames } from "../catalogues/names.ts";
import type { RouteContext } from "../http/context.ts";
import { fail, type Router } from "../http/router.ts";
import { loadCompany, toCompanyRecord } from "./company-views.ts";
import { listDashboardCompanies } from "./dashboard-list.ts";

/**
 * Companies as their owners and admins see them (spec section 7):
 * - GET /companies?is_dashboard=true: the caller's own companies, or all
 *   for an admin, with names.
 * - GET /companies/:id?is_dashboard=true: the whole record, for its owner or
 *   an admin.
 * The public side of the same paths is the marketplace's (server/marketplace).
 */
export function companyRoutes(router: Router, { db, authz }: RouteContext): void {
  router.serve(listDashboardCompaniesEndpoint, { guards: [authz.requireAuth] }, async ({ query, request }) => {
    const user = authz.currentUser(request);
    return listDashboardCompanies(
      db,
      { ownerUserId: isAdmin(user) ? null : user.id, q: query.q, page: query.page, perPage: query.per_page },
      await catalogueNames(db),
    );
  });

  router.serve(getCompanyRecordEndpoint, { guards: [authz.requireAuth] }, async ({ params, request }) => {
    await authz.assertCompanyAccess(request, params.id);
    const company = await loadCompany(db, params.id);
    if (company === null) throw fail(getCompanyRecordEndpoint.errors.notFound);
    return toCompanyRecord(company, await catalogueNames(db));
  });
}
