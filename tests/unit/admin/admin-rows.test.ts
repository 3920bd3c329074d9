import { describe, expect, it } from "vitest";
import { formatCount, rolesText } from "../../../src/features/admin/components/admin-rows.ts";

describe("admin rows in Spanish (src/features/admin/components/admin-rows.ts)", () => {
  it("names the roles as people say them, in the account's order", () => {
    expect(rolesText([{ name: "admin" }])).toBe("Administrador");
    expect(rolesText([{ name: "seller" }, { name: "buyer" }])).toBe("Vendedor, Comprador");
    expect(rolesText([])).toBe("Sin rol");
  });

  it("writes counts with es-MX thousands", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(1234567)).toBe("1,234,567");
  });
});
