import { Schema } from "effect";
import { describe, expect, expectTypeOf, it } from "vitest";
import { ALL_ENDPOINTS } from "../../../contracts/all-endpoints.ts";
import { getCompanyEndpoint, listCompaniesEndpoint } from "../../../contracts/marketplace.ts";
import { getCompanyRecordEndpoint } from "../../../contracts/companies.ts";
import { defineEndpoint, endpointLabel, fillPath, pathParamNames, type ParamsOf, type WireBodyOf } from "../../../contracts/endpoint.ts";
import { createSessionEndpoint } from "../../../contracts/sessions.ts";
import { callEndpoint } from "../../../src/lib/api-client.ts";

describe("endpoint declarations", () => {
  it("fills path params, URI-encoded", () => {
    expect(fillPath("/companies/:id/interest_messages", { id: 7 })).toBe("/companies/7/interest_messages");
    expect(fillPath("/files/:name", { name: "a b/c" })).toBe("/files/a%20b%2Fc");
    expect(() => fillPath("/companies/:id", {})).toThrow('Missing path parameter "id"');
  });

  it("names params and labels endpoints with their fixed query", () => {
    expect(pathParamNames("/companies/:id/files/:fileId")).toEqual(["id", "fileId"]);
    expect(endpointLabel(getCompanyRecordEndpoint)).toBe("GET /companies/:id?is_dashboard=true");
    expect(endpointLabel(getCompanyEndpoint)).toBe("GET /companies/:id");
  });

  it("declares every endpoint once: no two share method, path and fixed query", () => {
    const labels = ALL_ENDPOINTS.map(endpointLabel);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("gives every path with params a params schema that decodes them", () => {
    for (const endpoint of ALL_ENDPOINTS) {
      const names = pathParamNames(endpoint.path);
      expect(endpoint.params === undefined, endpointLabel(endpoint)).toBe(names.length === 0);
    }
  });

  it("decodes a company id from the path into a branded id, refusing what the column cannot hold", () => {
    const decode = Schema.decodeUnknownEither(getCompanyEndpoint.params);
    expect(decode({ id: "12" })).toMatchObject({ _tag: "Right", right: { id: 12 } });
    for (const bad of ["0", "-1", "1.5", "abc", "2147483648", "99999999999", "0012", ""]) {
      expect(decode({ id: bad })._tag, bad).toBe("Left");
    }
  });

  it("types client calls from the declaration", () => {
    expectTypeOf<ParamsOf<typeof getCompanyEndpoint>>().toHaveProperty("id");
    expectTypeOf<WireBodyOf<typeof createSessionEndpoint>>().toEqualTypeOf<{ readonly email: string; readonly password: string }>();
    // Checked by the typecheck step; never called.
    const typeOnly = () => {
      // @ts-expect-error a path with params needs them
      void callEndpoint(getCompanyEndpoint);
      // @ts-expect-error a param the path does not have
      void callEndpoint(getCompanyEndpoint, { params: { ident: 1 } });
      // @ts-expect-error a body that does not match the request schema
      void callEndpoint(createSessionEndpoint, { body: { email: 1 } });
      // @ts-expect-error a query key the endpoint does not take
      void callEndpoint(listCompaniesEndpoint, { query: { nope: 1 } });
      void callEndpoint(listCompaniesEndpoint, { query: { state_id: 3, q: "software" } });
      // @ts-expect-error a path with params and no params schema does not compile
      defineEndpoint({ method: "GET", path: "/x/:id", summary: "probe", access: { who: "anyone" }, response: Schema.String });
      // @ts-expect-error an endpoint that does not say who may call it does not compile
      defineEndpoint({ method: "GET", path: "/x", summary: "probe", response: Schema.String });
      // @ts-expect-error a refusal names one of the endpoint's errors
      defineEndpoint({ method: "GET", path: "/x", summary: "probe", access: { who: "paid", refusal: "nope" }, response: Schema.String, errors: { paidOnly: { status: 403, message: "Plan" } } });
      // @ts-expect-error a company in the body needs a body with company_id
      defineEndpoint({ method: "POST", path: "/x", summary: "probe", access: { who: "companyManager", companyId: "body" }, body: Schema.Struct({ id: Schema.Int }), response: Schema.String });
      defineEndpoint({ method: "POST", path: "/x", summary: "probe", access: { who: "companyManager", companyId: "body" }, body: Schema.Struct({ company_id: Schema.Int }), response: Schema.String });
    };
    expect(typeof typeOnly).toBe("function");
  });
});
