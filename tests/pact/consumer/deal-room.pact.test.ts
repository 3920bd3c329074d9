import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { currentNda } from "../../../content/nda.ts";
import { DATA_ROOM_MESSAGES, downloadDataRoomFileEndpoint, openDataRoomFileEndpoint, reportReadingEndpoint } from "../../../contracts/data-room.ts";
import {
  acceptNdaEndpoint,
  createAccessRequestEndpoint,
  createDealMessageEndpoint,
  createLetterOfIntentEndpoint,
  DEAL_ROOM_MESSAGES,
  decideAccessRequestEndpoint,
  decideLetterOfIntentEndpoint,
  getAccessRequestEndpoint,
  getNdaEndpoint,
  listAccessRequestsEndpoint,
  listDealMessagesEndpoint,
  listLettersOfIntentEndpoint,
  setAccessEndEndpoint,
  type AccessDecision,
  type DealRole,
  type LetterOfIntentStatus,
} from "../../../contracts/deal-room.ts";
import type { AccessRequestStatus } from "../../../contracts/marketplace.ts";
import { acceptNda } from "../../../src/features/deal-room/api/accept-nda.ts";
import { createAccessRequest } from "../../../src/features/deal-room/api/create-access-request.ts";
import { createDealMessage } from "../../../src/features/deal-room/api/create-deal-message.ts";
import { createLetterOfIntent } from "../../../src/features/deal-room/api/create-letter-of-intent.ts";
import { decideAccessRequest } from "../../../src/features/deal-room/api/decide-access-request.ts";
import { decideLetterOfIntent } from "../../../src/features/deal-room/api/decide-letter-of-intent.ts";
import { getAccessRequest } from "../../../src/features/deal-room/api/get-access-request.ts";
import { getNda } from "../../../src/features/deal-room/api/get-nda.ts";
import { listAccessRequests } from "../../../src/features/deal-room/api/list-access-requests.ts";
import { listDealMessages } from "../../../src/features/deal-room/api/list-deal-messages.ts";
import { listLettersOfIntent } from "../../../src/features/deal-room/api/list-letters-of-intent.ts";
import { downloadDataRoomFile } from "../../../src/features/data-room/api/download-file.ts";
import { openDataRoomFile } from "../../../src/features/data-room/api/open-file.ts";
import { reportReading } from "../../../src/features/data-room/api/report-reading.ts";
import { setAccessEnd } from "../../../src/features/deal-room/api/set-access-end.ts";
import { ApiError } from "../../../src/lib/api-client.ts";
import { ISO_DAY, JSON_CONTENT, bearerFrom, eachLike, failureOf, integer, newPact, regex, requestTo, sampleToken, string, useMockServer, when } from "./pact.ts";

const { boolean, number } = MatchersV3;

/*
 * The deal room (decision 023), every endpoint the app calls, through the
 * app's own fetchers. The provider states (tests/pact/provider/states/deal-room.ts)
 * seed one seller with a listed company, one verified buyer with a buyer
 * profile, and an admin, and hand the ids and tokens to the requests:
 *
 * - READY: no request between them yet;
 * - PENDING: a pending request (NDA accepted, version in force);
 * - APPROVED: an approved request, a message from each party (both read)
 *   and one data-room document the seller shared;
 * - LETTER: an approved request with a letter of intent waiting for an answer;
 * - NDA_CHANGED: an approved request whose accepted NDA version is an older one;
 * - ENDING: an approved request whose access ends after 31 December 2098
 *   (Mexico City), its last day (decision 050);
 * - LAPSED: an approved request whose end passed yesterday.
 *
 * What the app relies on, beyond the shapes: the company's name only for
 * the company's side, admins and an approved buyer with the NDA in force;
 * the buyer's e-mail and phone only while the request is approved;
 * `allowed_statuses` from the lifecycle machine for the company's side,
 * empty for the buyer.
 */
const READY = "a verified buyer is signed in and a listed company accepts access requests";
const PENDING = "a pending access request between a verified buyer and a seller";
const APPROVED = "an approved access request between a buyer and a seller, with a message each and a shared document";
const LETTER = "an approved access request with a letter of intent waiting for an answer";
const NDA_CHANGED = "an approved access request whose accepted NDA version is no longer the one in force";
const ENDING = "an approved access request whose access ends after 31 December 2098";
const LAPSED = "an approved access request whose access ended yesterday";

const TOKEN = sampleToken("2");
const bearer = (tokenKey: "buyerToken" | "sellerToken" | "adminToken") => bearerFrom(tokenKey, TOKEN);

const item = (id: number, name: string) => ({ id: integer(id), name: string(name) });

const COMPANY = { id: ["companyId", 1] } as const;
const REQUEST = { id: ["requestId", 1] } as const;
const UNKNOWN = 999_999;

const NDA_VERSION = currentNda().version;
const COMPANY_NAME = "Deal Room Pact SA de CV";
const BUYER_NAME = "Comprador Deal Room";
const BUYER_EMAIL = "comprador.dealroom.pact@example.mx";

const company = (named: boolean) => ({
  id: integer(1),
  human_id: string("PUE-0001"),
  name: named ? string(COMPANY_NAME) : null,
  picture_url: null,
  short_description: string("Distribuidora de refacciones industriales con 20 años en Monterrey."),
});

const buyer = (withContact: boolean) => ({
  id: integer(2),
  name: string(BUYER_NAME),
  email: withContact ? string(BUYER_EMAIL) : null,
  phone: withContact ? string("8112345678") : null,
  buyer_description: item(2, "Family office"),
  state: item(19, "Nuevo León"),
  investment_description_summary: string("Participaciones mayoritarias en empresas industriales rentables del noreste."),
  investment_size: item(3, "$20 M – $50 M MXN"),
  website: string("https://capital.example.mx"),
  email_verified: true,
  member_since: string("2026-11-01T10:00:00.000Z"),
});

const letter = (status: LetterOfIntentStatus) => ({
  id: integer(1),
  access_request_id: integer(1),
  amount: number(25_000_000),
  currency: regex("^(MXN|USD)$", "MXN"),
  stake_percentage: number(60),
  terms: string("60 % al cierre y 40 % en dos pagos anuales, sujeto a due diligence."),
  status,
  created_at: when("2026-11-27T10:00:00.000Z"),
  decided_at: status === "pending" ? null : when("2026-11-28T10:00:00.000Z"),
});

interface RequestShape {
  readonly status: AccessRequestStatus;
  readonly viewer: DealRole;
  readonly allowed: ReadonlyArray<AccessDecision>;
  readonly ndaCurrent?: boolean;
  readonly latestLetter?: LetterOfIntentStatus | null;
  /** An approval's end (an instant: the end of its last day in Mexico City); absent: it does not end. */
  readonly endsAt?: string | null;
  readonly lapsed?: boolean;
}

/** An access request as `viewer` sees it, by the rules above. */
function accessRequest({ status, viewer, allowed, ndaCurrent = true, latestLetter = null, endsAt = null, lapsed = false }: RequestShape) {
  const approved = status === "approved";
  return {
    id: integer(1),
    status,
    message: string("Somos un family office regiomontano; nos interesa conocer sus finanzas y su cartera de clientes."),
    created_at: when("2026-11-26T18:05:00.000Z"),
    decided_at: status === "pending" ? null : when("2026-11-27T09:00:00.000Z"),
    company: company(viewer !== "buyer" || (approved && ndaCurrent && !lapsed)),
    // The buyer's contact from the approval on: a revocation does not take back what the seller already saw.
    buyer: buyer(approved || status === "revoked"),
    nda: {
      version: string(NDA_VERSION),
      accepted_at: when("2026-11-26T18:05:00.000Z"),
      ip: string("203.0.113.7"),
      accepted_by: string(BUYER_NAME),
      current: ndaCurrent,
    },
    viewer_role: viewer,
    allowed_statuses: [...allowed],
    // An approval's end (decision 050), when it has one; its owner's side may set, move or remove it, also once lapsed.
    access_ends_at: endsAt === null ? null : when(endsAt),
    access_lapsed: lapsed,
    can_set_access_end: viewer !== "buyer" && approved,
    unread_messages: integer(0),
    latest_letter: latestLetter === null ? null : letter(latestLetter),
  };
}

const page = (row: ReturnType<typeof accessRequest>) => ({ items: eachLike(row), total: integer(1), page: integer(1), per_page: integer(20) });

const errorBody = (message: string) => ({ message: string(message) });

const expectFailure = (failure: unknown, status: number, message: string) => {
  expect(failure instanceof ApiError && failure.status).toBe(status);
  expect(failure instanceof ApiError && failure.message).toBe(message);
};

const MESSAGE_BODY = "Les propongo una llamada el martes a las 10:00 para revisar los estados financieros.";
const LETTER_BODY = { amount: 25_000_000, currency: "MXN", stake_percentage: 60, terms: "60 % al cierre y 40 % en dos pagos anuales, sujeto a due diligence." } as const;

describe("the deal room (consumer)", () => {
  const pact = newPact();

  // --- The NDA --------------------------------------------------------------------------

  it("GET /api/nda is the agreement in force: version, effective date and text with its placeholders", async () => {
    await pact
      .addInteraction()
      .uponReceiving("a request for the NDA in force")
      .withRequest(...requestTo(getNdaEndpoint))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          version: string(NDA_VERSION),
          effective_date: regex(ISO_DAY, currentNda().effectiveDate),
          text: string(currentNda().text),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const nda = await getNda();
        expect(nda.version).toBe(NDA_VERSION);
        expect(nda.text).toContain("{{comprador}}");
      });
  });

  // --- Asking for access ---------------------------------------------------------------------

  it("POST /api/companies/{id}/access_requests: a verified buyer accepts the NDA in force and asks; the request is pending", async () => {
    const body = { message: "Somos un family office regiomontano; nos interesa conocer sus finanzas y su cartera de clientes.", nda_version: NDA_VERSION };
    await pact
      .addInteraction()
      .given(READY)
      .uponReceiving("an access request from a verified buyer with the NDA in force")
      .withRequest(...requestTo(createAccessRequestEndpoint, { paramsFromState: COMPANY, headers: bearer("buyerToken"), body }))
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody(accessRequest({ status: "pending", viewer: "buyer", allowed: [] })))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const created = await createAccessRequest(1, body);
        expect(created).toMatchObject({ status: "pending", viewer_role: "buyer", allowed_statuses: [], company: { name: null }, buyer: { email: null } });
      });
  });

  it("POST /api/companies/{id}/access_requests with an NDA version that is not the one in force is a 400 (ndaOutdated)", async () => {
    const body = { message: "Nos interesa la empresa.", nda_version: "2000-01" };
    await pact
      .addInteraction()
      .given(READY)
      .uponReceiving("an access request that accepted an old NDA version")
      .withRequest(...requestTo(createAccessRequestEndpoint, { paramsFromState: COMPANY, headers: bearer("buyerToken"), body }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.ndaOutdated)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(createAccessRequest(1, body)), 400, DEAL_ROOM_MESSAGES.ndaOutdated);
      });
  });

  it("POST /api/companies/{id}/access_requests while a request is open is a 409 (openRequest)", async () => {
    const body = { message: "Quisiera insistir en mi solicitud.", nda_version: NDA_VERSION };
    await pact
      .addInteraction()
      .given(PENDING)
      .uponReceiving("a second access request while one is pending")
      .withRequest(...requestTo(createAccessRequestEndpoint, { paramsFromState: COMPANY, headers: bearer("buyerToken"), body }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.openRequest)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(createAccessRequest(1, body)), 409, DEAL_ROOM_MESSAGES.openRequest);
      });
  });

  // --- Lists and one request ---------------------------------------------------------------

  it("GET /api/access_requests?side=outgoing: the buyer's own requests, without the company's name while pending", async () => {
    await pact
      .addInteraction()
      .given(PENDING)
      .uponReceiving("the buyer's list of sent access requests")
      .withRequest(...requestTo(listAccessRequestsEndpoint, { query: { side: "outgoing", page: "1" }, headers: bearer("buyerToken") }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(page(accessRequest({ status: "pending", viewer: "buyer", allowed: [] }))))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const list = await listAccessRequests({ side: "outgoing", page: 1 });
        expect(list.items[0]).toMatchObject({ status: "pending", company: { human_id: "PUE-0001", name: null } });
      });
  });

  it("GET /api/access_requests?side=incoming: the seller's received requests, with the buyer's profile and the decisions allowed", async () => {
    await pact
      .addInteraction()
      .given(PENDING)
      .uponReceiving("the seller's list of received access requests")
      .withRequest(...requestTo(listAccessRequestsEndpoint, { query: { side: "incoming", page: "1" }, headers: bearer("sellerToken") }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(page(accessRequest({ status: "pending", viewer: "seller", allowed: ["approved", "rejected"] }))),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const list = await listAccessRequests({ side: "incoming", page: 1 });
        expect(list.items[0]).toMatchObject({
          viewer_role: "seller",
          allowed_statuses: ["approved", "rejected"],
          company: { name: COMPANY_NAME },
          buyer: { name: BUYER_NAME, email: null, email_verified: true },
        });
      });
  });

  it("GET /api/access_requests?side=all&status=approved: an admin's view of every request, filtered by status", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("an admin's list of approved access requests")
      .withRequest(...requestTo(listAccessRequestsEndpoint, { query: { side: "all", status: "approved", page: "1" }, headers: bearer("adminToken") }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(page(accessRequest({ status: "approved", viewer: "admin", allowed: ["revoked"] }))))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const list = await listAccessRequests({ side: "all", status: "approved", page: 1 });
        expect(list.items[0]).toMatchObject({ viewer_role: "admin", status: "approved", allowed_statuses: ["revoked"] });
      });
  });

  it("GET /api/access_requests/{id} for the seller of an approved request: the buyer's contact, and revoking allowed", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("the seller's view of an approved access request")
      .withRequest(...requestTo(getAccessRequestEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken") }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(accessRequest({ status: "approved", viewer: "seller", allowed: ["revoked"] })))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const request = await getAccessRequest(1);
        expect(request).toMatchObject({ viewer_role: "seller", allowed_statuses: ["revoked"], buyer: { email: BUYER_EMAIL }, nda: { current: true } });
      });
  });

  it("GET /api/access_requests/{id} for the approved buyer: the company's name, no decisions", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("the buyer's view of their approved access request")
      .withRequest(...requestTo(getAccessRequestEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken") }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(accessRequest({ status: "approved", viewer: "buyer", allowed: [] })))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const request = await getAccessRequest(1);
        expect(request).toMatchObject({ viewer_role: "buyer", allowed_statuses: [], company: { name: COMPANY_NAME } });
      });
  });

  it("GET /api/access_requests/{id} for a request that does not exist is a 404", async () => {
    await pact
      .addInteraction()
      .given(READY)
      .uponReceiving("a request for an access request that does not exist")
      .withRequest(...requestTo(getAccessRequestEndpoint, { params: { id: UNKNOWN }, headers: bearer("buyerToken") }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.requestNotFound)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(getAccessRequest(UNKNOWN)), 404, DEAL_ROOM_MESSAGES.requestNotFound);
      });
  });

  // --- Decisions ----------------------------------------------------------------------------

  for (const [decision, from, allowedAfter] of [
    ["approved", PENDING, ["revoked"]],
    ["rejected", PENDING, []],
    ["revoked", APPROVED, []],
  ] as const) {
    it(`PATCH /api/access_requests/{id} {status: ${decision}} by the seller answers the request as it now is`, async () => {
      await pact
        .addInteraction()
        .given(from)
        .uponReceiving(`the seller sets an access request to ${decision}`)
        .withRequest(...requestTo(decideAccessRequestEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken"), body: { status: decision } }))
        .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(accessRequest({ status: decision, viewer: "seller", allowed: allowedAfter })))
        .executeTest(async (server) => {
          useMockServer(server.url, TOKEN);
          const decided = await decideAccessRequest(1, decision);
          expect(decided).toMatchObject({ status: decision, allowed_statuses: allowedAfter });
          expect(decided.decided_at).not.toBeNull();
        });
    });
  }

  it("PATCH /api/access_requests/{id} with a decision the lifecycle does not allow is a 409", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("the seller approves an access request that is already approved")
      .withRequest(...requestTo(decideAccessRequestEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken"), body: { status: "approved" } }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.transitionNotAllowed)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(decideAccessRequest(1, "approved")), 409, DEAL_ROOM_MESSAGES.transitionNotAllowed);
      });
  });

  // --- The end of access (decision 050) ------------------------------------------------------

  it("PATCH /api/access_requests/{id} {status: approved, access_ends_on} approves until the end of that day in Mexico City", async () => {
    await pact
      .addInteraction()
      .given(PENDING)
      .uponReceiving("the seller approves an access request until a last day")
      .withRequest(...requestTo(decideAccessRequestEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken"), body: { status: "approved", access_ends_on: "2099-12-31" } }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(accessRequest({ status: "approved", viewer: "seller", allowed: ["revoked"], endsAt: "2100-01-01T06:00:00.000Z" })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const decided = await decideAccessRequest(1, "approved", "2099-12-31");
        expect(decided).toMatchObject({ status: "approved", access_lapsed: false, can_set_access_end: true });
        expect(decided.access_ends_at).not.toBeNull();
      });
  });

  it("PATCH /api/access_requests/{id} with a last day that is not after today is a 400 (endsPast)", async () => {
    await pact
      .addInteraction()
      .given(PENDING)
      .uponReceiving("the seller approves an access request until a day already past")
      .withRequest(...requestTo(decideAccessRequestEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken"), body: { status: "approved", access_ends_on: "2020-01-31" } }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.accessEndsPast)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(decideAccessRequest(1, "approved", "2020-01-31")), 400, DEAL_ROOM_MESSAGES.accessEndsPast);
      });
  });

  it("GET /api/access_requests/{id} for the buyer of an approval that ends: its end, to say the last day", async () => {
    await pact
      .addInteraction()
      .given(ENDING)
      .uponReceiving("the buyer's view of an approved access request that ends")
      .withRequest(...requestTo(getAccessRequestEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken") }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(accessRequest({ status: "approved", viewer: "buyer", allowed: [], endsAt: "2099-01-01T06:00:00.000Z" })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const request = await getAccessRequest(1);
        expect(request).toMatchObject({ viewer_role: "buyer", access_lapsed: false, can_set_access_end: false });
        expect(request.access_ends_at).not.toBeNull();
      });
  });

  it("PUT /api/access_requests/{id}/access_end with a later day moves the end", async () => {
    await pact
      .addInteraction()
      .given(ENDING)
      .uponReceiving("the seller extends an approved access request to a later last day")
      .withRequest(...requestTo(setAccessEndEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken"), body: { access_ends_on: "2099-12-31" } }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(accessRequest({ status: "approved", viewer: "seller", allowed: ["revoked"], endsAt: "2100-01-01T06:00:00.000Z" })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const extended = await setAccessEnd(1, "2099-12-31");
        expect(extended).toMatchObject({ status: "approved", access_lapsed: false, can_set_access_end: true });
        expect(extended.access_ends_at).not.toBeNull();
      });
  });

  it("PUT /api/access_requests/{id}/access_end {access_ends_on: null} removes the end", async () => {
    await pact
      .addInteraction()
      .given(ENDING)
      .uponReceiving("the seller removes the end of an approved access request")
      .withRequest(...requestTo(setAccessEndEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken"), body: { access_ends_on: null } }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(accessRequest({ status: "approved", viewer: "seller", allowed: ["revoked"] })))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expect(await setAccessEnd(1, null)).toMatchObject({ access_ends_at: null, access_lapsed: false, can_set_access_end: true });
      });
  });

  it("PUT /api/access_requests/{id}/access_end with a day not after the current end is a 400 (notLater)", async () => {
    await pact
      .addInteraction()
      .given(ENDING)
      .uponReceiving("the seller moves the end of an approved access request earlier")
      .withRequest(...requestTo(setAccessEndEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken"), body: { access_ends_on: "2098-06-30" } }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.accessEndsNotLater)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(setAccessEnd(1, "2098-06-30")), 400, DEAL_ROOM_MESSAGES.accessEndsNotLater);
      });
  });

  it("PUT /api/access_requests/{id}/access_end on a lapsed request gives the access back at once", async () => {
    await pact
      .addInteraction()
      .given(LAPSED)
      .uponReceiving("the seller extends a lapsed access request")
      .withRequest(...requestTo(setAccessEndEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken"), body: { access_ends_on: "2099-12-31" } }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(accessRequest({ status: "approved", viewer: "seller", allowed: ["revoked"], endsAt: "2100-01-01T06:00:00.000Z" })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expect(await setAccessEnd(1, "2099-12-31")).toMatchObject({ status: "approved", access_lapsed: false });
      });
  });

  it("PUT /api/access_requests/{id}/access_end on a pending request is a 409 (notAllowed)", async () => {
    await pact
      .addInteraction()
      .given(PENDING)
      .uponReceiving("the seller sets the end of a pending access request")
      .withRequest(...requestTo(setAccessEndEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken"), body: { access_ends_on: "2099-12-31" } }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.accessEndNotAllowed)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(setAccessEnd(1, "2099-12-31")), 409, DEAL_ROOM_MESSAGES.accessEndNotAllowed);
      });
  });

  // --- A changed NDA ---------------------------------------------------------------------------

  it("POST /api/access_requests/{id}/nda_acceptances: the approved buyer accepts the version in force and sees the company again", async () => {
    await pact
      .addInteraction()
      .given(NDA_CHANGED)
      .uponReceiving("the approved buyer accepts the NDA's new version")
      .withRequest(...requestTo(acceptNdaEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken"), body: { nda_version: NDA_VERSION } }))
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody(accessRequest({ status: "approved", viewer: "buyer", allowed: [] })))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const request = await acceptNda(1, NDA_VERSION);
        expect(request).toMatchObject({ nda: { version: NDA_VERSION, current: true }, company: { name: COMPANY_NAME } });
      });
  });

  it("POST /api/access_requests/{id}/nda_acceptances when the version in force is already accepted is a 409", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("the approved buyer accepts the NDA version they already accepted")
      .withRequest(...requestTo(acceptNdaEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken"), body: { nda_version: NDA_VERSION } }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.ndaAlreadyCurrent)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(acceptNda(1, NDA_VERSION)), 409, DEAL_ROOM_MESSAGES.ndaAlreadyCurrent);
      });
  });

  // --- The thread ----------------------------------------------------------------------------------

  it("GET /api/access_requests/{id}/messages: the thread oldest first, whose each message is, and when it was read", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("the approved buyer reads the thread")
      .withRequest(...requestTo(listDealMessagesEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken") }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike(
            {
              id: integer(1),
              body: string("Gracias por su interés; con gusto les comparto la información."),
              created_at: when("2026-11-27T10:00:00.000Z"),
              sender_role: regex("^(buyer|seller|admin)$", "seller"),
              sender_name: string("Vendedora Deal Room"),
              is_mine: boolean(false),
              read_at: when("2026-11-27T11:00:00.000Z"),
            },
            2,
          ),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const { items } = await listDealMessages(1);
        expect(items.length).toBeGreaterThanOrEqual(2);
        expect(items[0]).toMatchObject({ sender_role: "seller", is_mine: false });
      });
  });

  it("GET /api/access_requests/{id}/messages before an approval is a 409 (threadClosed)", async () => {
    await pact
      .addInteraction()
      .given(PENDING)
      .uponReceiving("the buyer of a pending request asks for the thread")
      .withRequest(...requestTo(listDealMessagesEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken") }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.threadClosed)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(listDealMessages(1)), 409, DEAL_ROOM_MESSAGES.threadClosed);
      });
  });

  it("POST /api/access_requests/{id}/messages: the approved buyer writes; the message is theirs and not read yet", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("the approved buyer writes in the thread")
      .withRequest(...requestTo(createDealMessageEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken"), body: { body: MESSAGE_BODY } }))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          id: integer(3),
          body: string(MESSAGE_BODY),
          created_at: when("2026-11-28T10:00:00.000Z"),
          sender_role: "buyer",
          sender_name: string(BUYER_NAME),
          is_mine: true,
          read_at: null,
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const sent = await createDealMessage(1, { body: MESSAGE_BODY });
        expect(sent).toMatchObject({ body: MESSAGE_BODY, is_mine: true, read_at: null });
      });
  });

  it("POST /api/access_requests/{id}/messages before an approval is a 409 (threadClosed)", async () => {
    await pact
      .addInteraction()
      .given(PENDING)
      .uponReceiving("the buyer of a pending request writes in the thread")
      .withRequest(...requestTo(createDealMessageEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken"), body: { body: MESSAGE_BODY } }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.threadClosed)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(createDealMessage(1, { body: MESSAGE_BODY })), 409, DEAL_ROOM_MESSAGES.threadClosed);
      });
  });

  // --- Letters of intent -----------------------------------------------------------------------------

  it("GET /api/access_requests/{id}/letters_of_intent: the letters, newest first, for the company", async () => {
    await pact
      .addInteraction()
      .given(LETTER)
      .uponReceiving("the seller reads the letters of intent of a request")
      .withRequest(...requestTo(listLettersOfIntentEndpoint, { paramsFromState: REQUEST, headers: bearer("sellerToken") }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ items: eachLike(letter("pending")) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const { items } = await listLettersOfIntent(1);
        expect(items[0]).toMatchObject({ status: "pending", currency: "MXN", decided_at: null });
      });
  });

  it("GET /api/access_requests/{id}/letters_of_intent is empty before the first letter", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("the approved buyer reads the letters of intent before sending one")
      .withRequest(...requestTo(listLettersOfIntentEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken") }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ items: [] }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expect((await listLettersOfIntent(1)).items).toEqual([]);
      });
  });

  it("POST /api/access_requests/{id}/letters_of_intent: the approved buyer's offer, pending", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("the approved buyer sends a letter of intent")
      .withRequest(...requestTo(createLetterOfIntentEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken"), body: LETTER_BODY }))
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody({ ...letter("pending"), currency: "MXN" }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const sent = await createLetterOfIntent(1, LETTER_BODY);
        expect(sent).toMatchObject({ status: "pending", amount: 25_000_000, currency: "MXN", stake_percentage: 60 });
      });
  });

  it("POST /api/access_requests/{id}/letters_of_intent while one waits for an answer is a 409 (loiPending)", async () => {
    await pact
      .addInteraction()
      .given(LETTER)
      .uponReceiving("the buyer sends a second letter of intent while one is pending")
      .withRequest(...requestTo(createLetterOfIntentEndpoint, { paramsFromState: REQUEST, headers: bearer("buyerToken"), body: LETTER_BODY }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.loiPending)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(createLetterOfIntent(1, LETTER_BODY)), 409, DEAL_ROOM_MESSAGES.loiPending);
      });
  });

  for (const decision of ["accepted", "declined"] as const) {
    it(`PATCH /api/letters_of_intent/{id} {status: ${decision}} by the seller answers the letter`, async () => {
      await pact
        .addInteraction()
        .given(LETTER)
        .uponReceiving(`the seller sets a letter of intent to ${decision}`)
        .withRequest(...requestTo(decideLetterOfIntentEndpoint, { paramsFromState: { id: ["letterId", 1] }, headers: bearer("sellerToken"), body: { status: decision } }))
        .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(letter(decision)))
        .executeTest(async (server) => {
          useMockServer(server.url, TOKEN);
          const answered = await decideLetterOfIntent(1, decision);
          expect(answered.status).toBe(decision);
          expect(answered.decided_at).not.toBeNull();
        });
    });
  }

  it("PATCH /api/letters_of_intent/{id} for a letter that does not exist is a 404", async () => {
    await pact
      .addInteraction()
      .given(LETTER)
      .uponReceiving("the seller answers a letter of intent that does not exist")
      .withRequest(...requestTo(decideLetterOfIntentEndpoint, { params: { id: UNKNOWN }, headers: bearer("sellerToken"), body: { status: "accepted" } }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(DEAL_ROOM_MESSAGES.loiNotFound)))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        expectFailure(await failureOf(decideLetterOfIntent(UNKNOWN, "accepted")), 404, DEAL_ROOM_MESSAGES.loiNotFound);
      });
  });

  // --- A shared document ---------------------------------------------------------------------------

  it("GET /api/companies/{id}/company_files/{fileId}: the approved buyer opens a document the seller shared (a short-lived signed URL)", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("the approved buyer opens a shared document")
      .withRequest(...requestTo(openDataRoomFileEndpoint, { paramsFromState: { id: ["companyId", 1], fileId: ["fileId", 1] }, headers: bearer("buyerToken") }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          // As the data room's own interaction: a path under /api/files/, absolute or not.
          url: regex("^(https?://[^/]+)?/api/files/[\\w.-]+$", "/api/files/1.9.1767261600.c2lnbmF0dXJl"),
          expires_at: when("2026-11-27T10:05:00.000Z"),
          filename: string("acta-constitutiva.pdf"),
          content_type: string("application/pdf"),
          // Downloads are off until the seller allows them (decision 051).
          download_allowed: boolean(false),
          // A buyer's open is read page by page: the token its reports carry.
          reading: {
            token: regex("^\\d+\\.\\d+\\.[\\w-]+$", "7.1767290400.c2lnbmF0dXJh"),
            page_count: integer(1),
            expires_at: when("2026-11-27T18:00:00.000Z"),
          },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const { url, reading } = await openDataRoomFile(1, 1);
        expect(url).toMatch(/\/api\/files\//);
        expect(reading?.page_count).toBe(1);
      });
  });

  // --- Reading in the viewer (decision 051) ----------------------------------------------------------

  it("POST /api/file_readings/{token}/pages: the viewer reports the pages the buyer saw and for how long", async () => {
    await pact
      .addInteraction()
      .given("an approved buyer is reading a shared document")
      .uponReceiving("the viewer's report of a buyer's reading")
      .withRequest(...requestTo(reportReadingEndpoint, { paramsFromState: { token: ["readingToken", "7.1767290400.c2lnbmF0dXJh"] }, body: { pages: [{ page: 1, milliseconds: 0 }] } }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ counted_milliseconds: integer(0) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const answer = await reportReading("7.1767290400.c2lnbmF0dXJh", [{ page: 1, milliseconds: 0 }]);
        expect(answer.counted_milliseconds).toBe(0);
      });
  });

  it("POST /api/companies/{id}/company_files/{fileId}/downloads: the buyer downloads a document the seller lets them download", async () => {
    await pact
      .addInteraction()
      .given("an approved access request with a shared document the seller lets buyers download")
      .uponReceiving("the approved buyer downloads a shared document")
      .withRequest(...requestTo(downloadDataRoomFileEndpoint, { paramsFromState: { id: ["companyId", 1], fileId: ["fileId", 1] }, headers: bearer("buyerToken") }))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          // A download link: its token carries the purpose before the signature.
          url: regex("^(https?://[^/]+)?/api/files/\\d+\\.\\d+\\.\\d+\\.d\\.[\\w-]+$", "/api/files/1.9.1767261600.d.c2lnbmF0dXJl"),
          expires_at: when("2026-11-27T10:05:00.000Z"),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const { url } = await downloadDataRoomFile(1, 1);
        expect(url).toMatch(/\/api\/files\/.+\.d\./);
      });
  });

  it("POST /api/companies/{id}/company_files/{fileId}/downloads: refused while the seller does not allow downloads", async () => {
    await pact
      .addInteraction()
      .given(APPROVED)
      .uponReceiving("the approved buyer tries to download a document the seller does not let them download")
      .withRequest(...requestTo(downloadDataRoomFileEndpoint, { paramsFromState: { id: ["companyId", 1], fileId: ["fileId", 1] }, headers: bearer("buyerToken") }))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ message: string(DATA_ROOM_MESSAGES.downloadNotAllowed) }))
      .executeTest(async (server) => {
        useMockServer(server.url, TOKEN);
        const failure = await failureOf(downloadDataRoomFile(1, 1));
        expect(failure instanceof ApiError && failure.status).toBe(403);
        expect(failure instanceof ApiError && failure.message).toBe(DATA_ROOM_MESSAGES.downloadNotAllowed);
      });
  });
});
