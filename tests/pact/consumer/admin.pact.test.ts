import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ADMIN_ERRORS, deactivateUserEndpoint, getKpisEndpoint, KPI_WEEKS, listUsersEndpoint } from "../../../contracts/admin.ts";
import { DASHBOARD_PAGE_SIZE, listDashboardCompaniesEndpoint } from "../../../contracts/companies.ts";
import { deactivateUser } from "../../../src/features/admin/api/deactivate-user.ts";
import { getKpis } from "../../../src/features/admin/api/get-kpis.ts";
import { listCompanies } from "../../../src/features/admin/api/list-companies.ts";
import { listUsers } from "../../../src/features/admin/api/list-users.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { ISO_DAY, JSON_CONTENT, bearerFrom, eachLike, failureOf, integer, newPact, regex, requestTo, sampleToken, string, useMockServer, when } from "./pact.ts";

const { boolean } = MatchersV3;

const TOKEN = sampleToken("1");
const bearer = bearerFrom("adminToken", TOKEN);
const item = (name: string) => ({ id: integer(1), name: string(name) });
// Searches that find only what the provider state made (other states share its database).
const firstPage = (q: string) => ({ q, page: "1", per_page: String(DASHBOARD_PAGE_SIZE) });

describe("admin dashboard (consumer)", () => {
  const pact = newPact();

  it("GET /api/users?q=…&page=1 lists the matching accounts, 10 a page, with roles and deletedAt", async () => {
    await pact
      .addInteraction()
      .given("an admin is signed in")
      .uponReceiving("an admin's search of the users, first page")
      .withRequest(...requestTo(listUsersEndpoint, { headers: bearer, query: firstPage("admin.usuarios") }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike({
            id: integer(1),
            name: string("Admin Usuarios Pact"),
            email: string("admin.usuarios@pact.example.mx"),
            createdAt: when("2026-11-01T10:00:00.000Z"),
            roles: eachLike({ name: regex("^(admin|seller|buyer)$", "admin") }),
            deletedAt: null,
          }),
          total: integer(1),
          page: integer(1),
          per_page: integer(DASHBOARD_PAGE_SIZE),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const list = await listUsers({ q: " admin.usuarios ", page: 1 });
        expect(list.items[0]).toMatchObject({ email: "admin.usuarios@pact.example.mx", roles: [{ name: "admin" }], deletedAt: null });
        expect(list.per_page).toBe(DASHBOARD_PAGE_SIZE);
      });
  });

  it("DELETE /api/users/{id} deactivates a user and answers when", async () => {
    await pact
      .addInteraction()
      .given("an admin is signed in and a buyer to deactivate exists")
      .uponReceiving("an admin's deactivation of a buyer")
      .withRequest(...requestTo(deactivateUserEndpoint, { headers: bearer, paramsFromState: { id: ["userId", 42] } }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ id: integer(42), deletedAt: when("2026-11-23T10:00:00.000Z") }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const deactivated = await deactivateUser(42);
        expect(deactivated).toEqual({ id: 42, deletedAt: "2026-11-23T10:00:00.000Z" });
      });
  });

  it("DELETE /api/users/{id} of the admin's own account is a 409 with the Spanish message", async () => {
    const message = ADMIN_ERRORS.cannotDeactivateSelf.message;
    await pact
      .addInteraction()
      .given("an admin is signed in")
      .uponReceiving("an admin's deactivation of their own account")
      .withRequest(...requestTo(deactivateUserEndpoint, { headers: bearer, paramsFromState: { id: ["adminId", 1] } }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(message) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(deactivateUser(1));
        expect(failure instanceof ApiError && [failure.status, failure.message]).toEqual([409, message]);
      });
  });

  it("GET /api/analytics/kpis answers the four figures and 12 weeks of sign-ups and listings", async () => {
    await pact
      .addInteraction()
      .given("an admin is signed in")
      .uponReceiving("an admin's request for the KPIs")
      .withRequest(...requestTo(getKpisEndpoint, { headers: bearer }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          users_count: { buyers_count: integer(12), sellers_count: integer(7) },
          companies_count: { total_count: integer(30), published_count: integer(24) },
          weekly: eachLike({ week_start: regex(ISO_DAY, "2026-11-23"), sign_ups: integer(3), listings: integer(1) }, KPI_WEEKS),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const kpis = await getKpis();
        expect(kpis.users_count).toEqual({ buyers_count: 12, sellers_count: 7 });
        expect(kpis.companies_count).toEqual({ total_count: 30, published_count: 24 });
        expect(kpis.weekly).toHaveLength(KPI_WEEKS);
      });
  });

  it("GET /api/companies?is_dashboard=true&q=…&page=1 gives an admin every matching company, 10 a page", async () => {
    await pact
      .addInteraction()
      .given("an admin is signed in and a company exists")
      .uponReceiving("an admin's search of the companies, first page")
      .withRequest(...requestTo(listDashboardCompaniesEndpoint, { headers: bearer, query: firstPage("empresa admin pact") }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike({
            id: integer(7),
            human_id: regex("^PUE-\\d{4,}$", "PUE-0007"),
            name: string("Empresa Admin Pact"),
            contact_name: string("Contacto Admin Pact"),
            state: item("Nuevo León"),
            company_status: item("Created"),
            verification_level: item("Pendiente"),
            is_published: boolean(true),
            is_active: boolean(true),
            created_at: when("2026-11-01T10:00:00.000Z"),
          }),
          total: integer(1),
          page: integer(1),
          per_page: integer(DASHBOARD_PAGE_SIZE),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const list = await listCompanies({ q: "empresa admin pact", page: 1 });
        expect(list.items[0]).toMatchObject({ name: "Empresa Admin Pact", contact_name: "Contacto Admin Pact", state: { name: "Nuevo León" } });
      });
  });
});
