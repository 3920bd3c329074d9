import { describe, expect, it } from "vitest";
import { CATALOGUE_PATHS, catalogueEndpoint, type CataloguePath } from "../../../contracts/catalogues.ts";
import { getCatalogue } from "../../../src/lib/api/get-catalogue.ts";
import { JSON_CONTENT, eachLike, integer, newPact, requestTo, string, useMockServer } from "./pact.ts";

// A believable first item per catalogue: it is what the mock server answers,
// so the UI code under test sees real-looking data.
const EXAMPLE: Record<CataloguePath, string> = {
  industries: "Tecnología",
  company_types: "Persona moral",
  interests: "Capital para crecimiento",
  states: "Aguascalientes",
  user_company_roles: "Fundador",
  ebitda_ranges: "Menos de $1 M MXN",
  buyer_descriptions: "Inversionista individual",
  investment_sizes: "Menos de $5 M MXN",
  referers: "Google",
  services_interested: "Valuación simplificada",
  company_statuses: "Created",
  verification_levels: "Pendiente",
  yearly_sales_ranges: "Menos de $5 M MXN",
  countries: "México",
  company_characteristics: "Clientes recurrentes",
  company_attributes: "B2B",
  funding_structures: "Deuda",
  societies: "S.A. de C.V.",
  "tax-systems": "General de Ley Personas Morales",
};

// The 32 federal entities must all come back: the forms list every state.
const MINIMUM: Partial<Record<CataloguePath, number>> = { states: 32 };

describe("catalogues (consumer)", () => {
  const pact = newPact();

  for (const path of CATALOGUE_PATHS) {
    it(`GET /api/${path} decodes into {id, name} items`, async () => {
      const min = MINIMUM[path] ?? 1;
      await pact
        .addInteraction()
        .given("the reference catalogues are seeded")
        .uponReceiving(`a request for the ${path} catalogue`)
        .withRequest(...requestTo(catalogueEndpoint(path)))
        .willRespondWith(200, (response) =>
          response.headers(JSON_CONTENT).jsonBody(eachLike({ id: integer(1), name: string(EXAMPLE[path]) }, min)),
        )
        .executeTest(async (server) => {
          useMockServer(server.url);
          const items = await getCatalogue(path);
          expect(items).toHaveLength(min);
          expect(items[0]).toEqual({ id: 1, name: EXAMPLE[path] });
        });
    });
  }
});
