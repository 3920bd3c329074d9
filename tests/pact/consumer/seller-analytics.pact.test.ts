import { MatchersV3, type Rules } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { COMPANY_NOT_FOUND_MESSAGE } from "../../../contracts/companies.ts";
import { ACCESS_AUDIT_HEADERS, getAccessAuditEndpoint, getCompanyAnalyticsEndpoint } from "../../../contracts/seller-analytics.ts";
import { downloadAccessAudit } from "../../../src/features/seller-analytics/api/download-access-audit.ts";
import { getCompanyAnalytics } from "../../../src/features/seller-analytics/api/get-company-analytics.ts";
import { ISO_DAY, JSON_CONTENT, bearerFrom, eachLike, failureOf, integer, newPact, regex, requestTo, sampleToken, string, useMockServer, when } from "./pact.ts";

const { boolean } = MatchersV3;

const TOKEN = sampleToken("12");
const bearer = bearerFrom("sellerToken", TOKEN);

const WITH_ACTIVITY = "a seller's company has profile views, an interest message, an approved access request and a shared document opened and read by the buyer";
// The data room's state: a company with no files, no views and no requests.
const NEW_COMPANY = "a seller with a company is signed in";
const OTHERS_COMPANY = "a seller is signed in and another seller's company exists";

describe("the seller analytics (consumer)", () => {
  const pact = newPact();

  it("GET /api/companies/{id}/analytics answers the totals, the weeks, the documents and the buyers", async () => {
    await pact
      .addInteraction()
      .given(WITH_ACTIVITY)
      .uponReceiving("a request for the analytics of a company with activity")
      .withRequest(...requestTo(getCompanyAnalyticsEndpoint, { headers: bearer, paramsFromState: { id: ["companyId", 1] } }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          company_id: integer(1),
          human_id: regex("^PUE-\\d{4,}$", "PUE-0001"),
          weeks: eachLike({
            week_start: regex(ISO_DAY, "2026-03-02"),
            profile_views: integer(1),
            interest_messages: integer(1),
            access_requests: integer(1),
            document_opens: integer(1),
          }),
          totals: {
            profile_views: integer(1),
            interest_messages: integer(1),
            access_requests: { pending: integer(0), approved: integer(1), rejected: integer(0), revoked: integer(0) },
            document_opens: integer(1),
            letters_of_intent: integer(0),
          },
          documents: eachLike({
            file_id: integer(1),
            filename: string("acta-constitutiva.pdf"),
            category: string("company_acta_constitutivas"),
            shared: boolean(true),
            opens: integer(1),
            buyers: integer(1),
            last_opened_at: when("2026-03-02T16:30:00.000Z"),
          }),
          buyers: eachLike({
            access_request_id: integer(1),
            buyer_name: string("Comprador Analítica"),
            status: regex("^(pending|approved|rejected|revoked)$", "approved"),
            opens: integer(1),
            last_opened_at: when("2026-03-02T16:30:00.000Z"),
          }),
          // The buyer's reading of the document, page by page (decision 051).
          readings: eachLike({
            file_id: integer(1),
            filename: string("acta-constitutiva.pdf"),
            page_count: integer(3),
            pages: eachLike({ page: integer(1), seconds: integer(12), readers: integer(1) }),
            buyers: eachLike({
              buyer_user_id: integer(2),
              buyer_name: string("Comprador Analítica"),
              buyer_email: string("comprador@ejemplo.mx"),
              access_request_id: integer(1),
              opens: integer(1),
              downloads: integer(0),
              pages_seen: integer(2),
              seconds: integer(20),
              last_read_at: when("2026-03-02T16:30:00.000Z"),
              pages: eachLike({ page: integer(1), seconds: integer(12) }),
            }),
          }),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const analytics = await getCompanyAnalytics(1);
        expect(analytics.human_id).toMatch(/^PUE-/);
        expect(analytics.totals.access_requests.approved).toBe(1);
        expect(analytics.documents[0]).toMatchObject({ shared: true, opens: 1, buyers: 1 });
        expect(analytics.buyers[0]).toMatchObject({ status: "approved", opens: 1 });
        expect(analytics.weeks[0]?.week_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(analytics.readings[0]?.buyers[0]).toMatchObject({ buyer_name: "Comprador Analítica", pages_seen: 2 });
        expect(analytics.readings[0]?.pages[0]).toMatchObject({ page: 1, readers: 1 });
      });
  });

  it("GET /api/companies/{id}/analytics answers zeros and empty lists for a new company", async () => {
    await pact
      .addInteraction()
      .given(NEW_COMPANY)
      .uponReceiving("a request for the analytics of a company without activity")
      .withRequest(...requestTo(getCompanyAnalyticsEndpoint, { headers: bearer, paramsFromState: { id: ["companyId", 1] } }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          company_id: integer(1),
          human_id: regex("^PUE-\\d{4,}$", "PUE-0001"),
          weeks: eachLike({
            week_start: regex(ISO_DAY, "2026-03-02"),
            profile_views: 0,
            interest_messages: 0,
            access_requests: 0,
            document_opens: 0,
          }),
          totals: {
            profile_views: 0,
            interest_messages: 0,
            access_requests: { pending: 0, approved: 0, rejected: 0, revoked: 0 },
            document_opens: 0,
            letters_of_intent: 0,
          },
          documents: [],
          buyers: [],
          readings: [],
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const analytics = await getCompanyAnalytics(1);
        expect(analytics.totals.profile_views).toBe(0);
        expect(analytics.documents).toEqual([]);
        expect(analytics.buyers).toEqual([]);
        expect(analytics.readings).toEqual([]);
      });
  });

  it("GET /api/companies/{id}/analytics answers 404 for another seller's company", async () => {
    await pact
      .addInteraction()
      .given(OTHERS_COMPANY)
      .uponReceiving("a request for the analytics of another seller's company")
      .withRequest(...requestTo(getCompanyAnalyticsEndpoint, { headers: bearer, paramsFromState: { id: ["otherCompanyId", 2] } }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(COMPANY_NOT_FOUND_MESSAGE) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(getCompanyAnalytics(2));
        expect(failure.status).toBe(404);
        expect(failure.message).toBe(COMPANY_NOT_FOUND_MESSAGE);
      });
  });

  // The access audit (decision 049): a CSV with the header line and the state's document open; the app reads only its bytes and its file name.
  const AUDIT_HEADER_LINE = `\uFEFF${ACCESS_AUDIT_HEADERS.join(",")}\r\n`;
  const AUDIT_EXAMPLE =
    `${AUDIT_HEADER_LINE}2026-03-02 10:00:00,Solicitud de acceso,1,Comprador Analítica,comprador@ejemplo.mx,Comprador Analítica (comprador@ejemplo.mx),,,,Me interesa.,,\r\n` +
    `2026-03-02 10:05:00,Acceso aprobado,1,Comprador Analítica,comprador@ejemplo.mx,Vendedora (vendedora@ejemplo.mx),,,,,,\r\n` +
    `2026-03-02 10:30:00,Documento abierto,1,Comprador Analítica,comprador@ejemplo.mx,Comprador Analítica (comprador@ejemplo.mx),acta-constitutiva.pdf,,,Categoría: Acta constitutiva,"1, 2",20\r\n`;
  // The header line's ASCII part and a document's open (the verifier's regex engine is kept away from the BOM and accents).
  const AUDIT_BODY = "^[\\s\\S]*,Evento,Solicitud,Comprador,Correo del comprador,Realizado por,Documento,[\\s\\S]*,Documento abierto,[\\s\\S]*$";
  // The whole text must match (a CSV is no JSON: one rule at `$`).
  const auditBodyRule = { "pact:matcher:type": "regex", regex: AUDIT_BODY, value: AUDIT_EXAMPLE };
  const AUDIT_BODY_RULES: Rules = { body: [{ path: "$", rules: [auditBodyRule] }] };

  it("GET /api/companies/{id}/access_audit answers the CSV as an attachment, with the bearer token", async () => {
    await pact
      .addInteraction()
      .given(WITH_ACTIVITY)
      .uponReceiving("a request for the access audit of a company with activity")
      .withRequest(...requestTo(getAccessAuditEndpoint, { headers: bearer, paramsFromState: { id: ["companyId", 1] } }))
      .willRespondWith(200, (response) =>
        response
          .headers({
            "Content-Type": regex("^text/csv; charset=utf-8$", "text/csv; charset=utf-8"),
            "Content-Disposition": regex('^attachment; filename="auditoria-PUE-\\d{4,}-\\d{4}-\\d{2}-\\d{2}\\.csv"$', 'attachment; filename="auditoria-PUE-0001-2026-03-04.csv"'),
          })
          // The body's own rule is about what its bytes look like (sniffed: plain text); the header above says CSV.
          .body("text/plain", Buffer.from(AUDIT_EXAMPLE, "utf8"))
          .matchingRules(AUDIT_BODY_RULES),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const file = await downloadAccessAudit(1);
        expect(file.filename).toMatch(/^auditoria-PUE-\d{4,}-\d{4}-\d{2}-\d{2}\.csv$/);
        const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await file.blob.arrayBuffer());
        expect(text.startsWith(AUDIT_HEADER_LINE)).toBe(true);
      });
  });

  it("GET /api/companies/{id}/access_audit answers 404 for another seller's company", async () => {
    await pact
      .addInteraction()
      .given(OTHERS_COMPANY)
      .uponReceiving("a request for the access audit of another seller's company")
      .withRequest(...requestTo(getAccessAuditEndpoint, { headers: bearer, paramsFromState: { id: ["otherCompanyId", 2] } }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(COMPANY_NOT_FOUND_MESSAGE) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(downloadAccessAudit(2));
        expect(failure.status).toBe(404);
        expect(failure.message).toBe(COMPANY_NOT_FOUND_MESSAGE);
      });
  });
});
