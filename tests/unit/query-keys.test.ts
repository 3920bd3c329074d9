import { describe, expect, it } from "vitest";
import { adminKeys } from "../../src/features/admin/api/admin-keys.ts";
import { dataRoomKeys } from "../../src/features/data-room/api/data-room-keys.ts";
import { dealRoomKeys } from "../../src/features/deal-room/api/deal-room-keys.ts";
import { companyKeys } from "../../src/lib/api/company-keys.ts";
import { sellerAnalyticsKeys } from "../../src/lib/api/seller-analytics-keys.ts";

// TanStack Query matches an invalidation by key prefix: these pin which
// entries a refresh reaches (docs/decisions/026-query-keys-and-tables.md).

/** Whether invalidating `prefix` reaches the entry under `key` (TanStack's partial match on arrays). */
const reaches = (prefix: ReadonlyArray<unknown>, key: ReadonlyArray<unknown>): boolean =>
  prefix.length <= key.length && prefix.every((part, index) => JSON.stringify(part) === JSON.stringify(key[index]));

const SEARCH = { q: "", page: 1, perPage: 10 };

describe("shared query keys", () => {
  it("keep the values the cache entries had before they were written once", () => {
    expect(companyKeys.list({ page: 2 })).toEqual(["companies", "list", { page: 2 }]);
    expect(companyKeys.dashboard(SEARCH)).toEqual(["companies", "dashboard", SEARCH]);
    expect(companyKeys.detail(7)).toEqual(["companies", "detail", 7]);
    expect(companyKeys.record(7)).toEqual(["companies", "detail", 7, "dashboard"]);
    expect(sellerAnalyticsKeys.company(7)).toEqual(["seller-analytics", 7]);
    expect(adminKeys.usersPage(SEARCH)).toEqual(["admin", "users", SEARCH]);
    expect(dealRoomKeys.messages(3)).toEqual(["deal-room", "requests", "detail", 3, "messages"]);
    expect(dataRoomKeys.views(7, 9)).toEqual(["data-room", 7, "views", 9]);
  });

  it("refresh a company's profile and record together, Mis empresas with the admin's Empresas, and every card list", () => {
    // A deal-room decision or a new picture: the public profile and the owner's record.
    expect(reaches(companyKeys.detail(7), companyKeys.record(7))).toBe(true);
    expect(reaches(companyKeys.detail(7), companyKeys.detail(8))).toBe(false);
    // Mis empresas and the admin's Empresas are one list.
    expect(reaches(companyKeys.dashboards(), companyKeys.dashboard(SEARCH))).toBe(true);
    expect(reaches(companyKeys.lists(), companyKeys.list({ q: "mezcal" }))).toBe(true);
    // Sign-out forgets every profile, never the public card lists.
    expect(reaches(companyKeys.details(), companyKeys.record(7))).toBe(true);
    expect(reaches(companyKeys.details(), companyKeys.list({}))).toBe(false);
    // The admin's key space does not hold the company lists (they are the companies').
    expect(reaches(adminKeys.all, companyKeys.dashboard(SEARCH))).toBe(false);
  });
});
