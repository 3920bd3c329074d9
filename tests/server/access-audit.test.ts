import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_AUDIT_EVENTS, ACCESS_AUDIT_MESSAGES, ACCESS_AUDIT_HEADERS, getAccessAuditEndpoint, pageRangesText } from "../../contracts/seller-analytics.ts";
import { buildApp } from "../../server/app.ts";
import { users } from "../../server/auth/schema.ts";
import type { CreatedUser } from "../../server/auth/users.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import { companyFiles, fileDownloads, fileViewPages, fileViews } from "../../server/data-room/schema.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { accessRequests, ndaAcceptances } from "../../server/deal-room/schema.ts";
import { newStorageKey } from "../../server/storage/storage.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { csvDocument, csvField } from "../../server/seller-analytics/csv.ts";
import { callEndpoint, expectMessage, signedInUser, TEST_APP_CONFIG, ONE_TEST_DATABASE, type SignedInUser } from "./harness.ts";

/** 5 December 2026, 03:00 UTC: still 4 December (21:00) in Mexico City, UTC-6 all year since 2022. */
const NOW = new Date("2026-12-05T03:00:00Z");

/** An RFC 4180 reader (the test's own, so the file is checked by something that is not its writer). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index += 1;
    } else field += char;
  }
  expect(field, "the file ends with CRLF").toBe("");
  expect(row).toEqual([]);
  return rows;
}

const mexicoCity = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
/** "2026-12-04 16:50:03", computed here with Intl (the server lets the database write it). */
const localTime = (at: Date): string => mexicoCity.format(at).replace(", ", " ");

/** Pages as the audit writes them, the test's own way: runs of three or more as "a-b", the rest one by one. */
const ranges = (pages: ReadonlyArray<number>): string => {
  const runs: number[][] = [];
  for (const page of [...pages].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last !== undefined && last.at(-1) === page - 1) last.push(page);
    else runs.push([page]);
  }
  return runs.map((run) => (run.length >= 3 ? `${run[0]}-${run.at(-1)}` : run.join(", "))).join(", ");
};

/** What a spreadsheet shows for a field the server defused: the apostrophe it added is the test's to expect. */
const defused = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe("CSV fields", () => {
  it("quotes commas, quotes and line ends, doubles quotes, and defuses formulas", () => {
    expect(csvField("simple")).toBe("simple");
    expect(csvField(null)).toBe("");
    expect(csvField(7)).toBe("7");
    expect(csvField("López, Ana")).toBe('"López, Ana"');
    expect(csvField('dice "hola"')).toBe('"dice ""hola"""');
    expect(csvField("dos\r\nlíneas")).toBe('"dos\r\nlíneas"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvField(`${start}1+1`).startsWith(`'${start}`) || csvField(`${start}1+1`).startsWith(`"'${start}`)).toBe(true);
    expect(csvDocument(["a", "b"], [["1", null]])).toBe("\uFEFFa,b\r\n1,\r\n");
  });

  it("writes pages as ranges (contracts pageRangesText), as the test's own reader expects", () => {
    for (const pages of [[], [4], [1, 2], [1, 2, 3], [1, 2, 3, 5], [5, 3, 1, 2], [1, 2, 5], [2, 3, 4, 7, 8, 10, 11, 12, 13]]) expect(pageRangesText(pages)).toBe(ranges(pages));
    expect(pageRangesText([1, 2, 3, 5])).toBe("1-3, 5");
    expect(pageRangesText([1, 2, 5])).toBe("1, 2, 5");
    expect(pageRangesText([3, 3, 1])).toBe("1, 3");
  });
});

describe.each(ONE_TEST_DATABASE)("access audit on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let serial = 0;
  let owner: SignedInUser;
  let admin: SignedInUser;
  let formulaBuyer: SignedInUser;
  let commaBuyer: SignedInUser;
  let otherSeller: SignedInUser;
  let otherBuyer: SignedInUser;
  let company: { id: number; humanId: string };
  let otherCompany: { id: number; humanId: string };

  const person = async (roles: CreatedUser["roles"], name: string): Promise<SignedInUser> => {
    serial += 1;
    return signedInUser(handle.db, { email: `auditoria${serial}@ejemplo.mx`, name, roles });
  };

  const listedCompany = (ownerUserId: number, name: string) =>
    createCompany(handle.db, { name, ownerUserId, isPublished: true, isActive: true, shortDescription: "Manufactura ligera.", stateId: 19, industryIds: [1], interestIds: [1] });

  const file = async (companyId: number, filename: string) => {
    const [row] = await handle.db
      .insert(companyFiles)
      .values({ companyId, category: "company_poderes", storageKey: newStorageKey(), filename, contentType: "application/pdf", sizeBytes: 10, shared: true })
      .returning({ id: companyFiles.id });
    if (row === undefined) throw new Error("no file");
    return row.id;
  };

  const request = async (values: typeof accessRequests.$inferInsert) => {
    const [row] = await handle.db.insert(accessRequests).values(values).returning({ id: accessRequests.id });
    if (row === undefined) throw new Error("no request");
    return row.id;
  };

  const nda = (accessRequestId: number, userId: number, version: string, ip: string, acceptedAt: Date) =>
    handle.db.insert(ndaAcceptances).values({ accessRequestId, userId, version, acceptedText: "Acuerdo.", textSha256: "a".repeat(64), ip, acceptedAt });

  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({ db: handle.db, config: { ...TEST_APP_CONFIG, clock: () => NOW, savedSearchAlertsIntervalMs: 0 } });

    owner = await person(["seller"], "Dueña Auditada");
    admin = await person(["admin"], "Admin Puente");
    formulaBuyer = await person(["buyer"], '=HYPERLINK("x")');
    commaBuyer = await person(["buyer"], "López, Ana");
    otherSeller = await person(["seller"], "Otro Vendedor");
    otherBuyer = await person(["buyer"], "Comprador Ajeno");
    company = await listedCompany(owner.id, "Auditada SA");
    otherCompany = await listedCompany(otherSeller.id, "Ajena SA");
    const plan = await file(company.id, "plan.pdf");
    const actas = await file(company.id, "+actas, 2026.pdf");
    const foreign = await file(otherCompany.id, "ajeno.pdf");

    // The comma buyer: rejected first (across midnight UTC), then approved and revoked by an admin.
    await request({ companyId: company.id, buyerUserId: commaBuyer.id, status: "rejected", message: "Primera solicitud.", createdAt: at("2026-11-02T05:30:00Z"), decidedAt: at("2026-11-02T06:10:00Z"), decidedBy: owner.id });
    const revoked = await request({
      companyId: company.id,
      buyerUserId: commaBuyer.id,
      status: "revoked",
      message: 'Hola, "de nuevo"\r\nSaludos',
      createdAt: at("2026-11-20T15:00:00Z"),
      approvedAt: at("2026-11-21T16:00:00Z"),
      decidedAt: at("2026-11-28T17:45:30Z"),
      decidedBy: admin.id,
    });
    await nda(revoked, commaBuyer.id, "2026-01", "198.51.100.4", at("2026-11-20T15:01:00Z"));
    await handle.db.insert(fileViews).values({ fileId: actas, viewerUserId: commaBuyer.id, viewedAt: at("2026-11-22T10:00:00Z") });
    // The formula buyer: approved by the owner, NDA accepted twice, documents opened.
    const approved = await request({
      companyId: company.id,
      buyerUserId: formulaBuyer.id,
      status: "approved",
      message: "=1+1",
      createdAt: at("2026-12-01T12:00:00Z"),
      approvedAt: at("2026-12-02T13:00:00Z"),
      decidedAt: at("2026-12-02T13:00:00Z"),
      decidedBy: owner.id,
    });
    await nda(approved, formulaBuyer.id, "2025-06", "203.0.113.7", at("2026-12-01T12:05:00Z"));
    await nda(approved, formulaBuyer.id, "2026-01", "-203.0.113.8", at("2026-12-03T09:00:00Z"));
    const [planRead, actasRead] = await handle.db
      .insert(fileViews)
      .values([
        { fileId: plan, viewerUserId: formulaBuyer.id, viewedAt: at("2026-12-04T22:50:03Z") },
        { fileId: actas, viewerUserId: formulaBuyer.id, viewedAt: at("2026-12-05T02:10:00Z") },
        { fileId: plan, viewerUserId: owner.id, viewedAt: at("2026-12-03T10:00:00Z") },
        { fileId: plan, viewerUserId: admin.id, viewedAt: at("2026-12-03T11:00:00Z") },
      ])
      .returning({ id: fileViews.id });
    if (planRead === undefined || actasRead === undefined) throw new Error("no views");
    // What the buyer's opens read (decision 051): 13.9 s over pages 1-3 and 5 (page 3 seen for 0 ms), 1.6 s over pages 1 and 2.
    await handle.db.insert(fileViewPages).values([
      { viewId: planRead.id, page: 1, milliseconds: 2_000 },
      { viewId: planRead.id, page: 2, milliseconds: 1_500 },
      { viewId: planRead.id, page: 3, milliseconds: 0 },
      { viewId: planRead.id, page: 5, milliseconds: 10_400 },
      { viewId: actasRead.id, page: 1, milliseconds: 1_000 },
      { viewId: actasRead.id, page: 2, milliseconds: 600 },
    ]);
    // Downloads: the buyer's, the owner's and the admin's.
    await handle.db.insert(fileDownloads).values([
      { fileId: actas, viewerUserId: formulaBuyer.id, downloadedAt: at("2026-12-05T02:15:00Z") },
      { fileId: plan, viewerUserId: owner.id, downloadedAt: at("2026-12-05T02:16:00Z") },
      { fileId: plan, viewerUserId: admin.id, downloadedAt: at("2026-12-05T02:17:00Z") },
    ]);
    // Approvals with a last day (decision 050): lapsed (still approved); lapsed, then revoked; not over yet; revoked before its end.
    const [lapsing, lapsedThenRevoked, notYet, revokedBefore] = [
      await person(["buyer"], "Luis Vencido"),
      await person(["buyer"], "Marta Vencida"),
      await person(["buyer"], "Nico Vigente"),
      await person(["buyer"], "Olga Retirada"),
    ];
    const approvedUntil = (buyerUserId: number, createdAt: string, approvedAt: string, accessEndsAt: string, revokedAt?: string) =>
      request({
        companyId: company.id,
        buyerUserId,
        status: revokedAt === undefined ? "approved" : "revoked",
        message: "Con fecha de término.",
        createdAt: at(createdAt),
        approvedAt: at(approvedAt),
        decidedAt: at(revokedAt ?? approvedAt),
        decidedBy: owner.id,
        accessEndsAt: at(accessEndsAt),
      });
    await approvedUntil(lapsing.id, "2026-12-05T02:20:00Z", "2026-12-05T02:25:00Z", "2026-12-05T02:40:00Z");
    await approvedUntil(lapsedThenRevoked.id, "2026-12-05T02:21:00Z", "2026-12-05T02:22:00Z", "2026-12-05T02:30:00Z", "2026-12-05T02:50:00Z");
    await approvedUntil(notYet.id, "2026-12-05T02:23:00Z", "2026-12-05T02:24:00Z", "2026-12-10T06:00:00Z");
    await approvedUntil(revokedBefore.id, "2026-12-05T02:24:30Z", "2026-12-05T02:26:00Z", "2026-12-05T02:55:00Z", "2026-12-05T02:45:00Z");
    // Another company's events never show.
    const foreignRequest = await request({ companyId: otherCompany.id, buyerUserId: otherBuyer.id, status: "approved", message: "Ajena.", createdAt: at("2026-12-01T12:00:00Z"), approvedAt: at("2026-12-01T13:00:00Z"), decidedAt: at("2026-12-01T13:00:00Z"), decidedBy: otherSeller.id });
    await nda(foreignRequest, otherBuyer.id, "2026-01", "192.0.2.1", at("2026-12-01T12:30:00Z"));
    await handle.db.insert(fileViews).values({ fileId: foreign, viewerUserId: otherBuyer.id, viewedAt: at("2026-12-02T12:00:00Z") });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const auditOf = (companyId: number | string, token: string | undefined) => callEndpoint(app, getAccessAuditEndpoint, token, { params: { id: companyId } });

  /** The events as the database holds them, read here table by table: [time, event, request, buyer, buyer's e-mail, document, NDA version, IP, pages, seconds]. */
  async function eventsInDatabase(companyId: number, ownerUserId: number): Promise<string[][]> {
    const people = new Map((await handle.db.select().from(users)).map((user) => [user.id, user]));
    const requests = await handle.db.select().from(accessRequests).where(eq(accessRequests.companyId, companyId));
    const files = await handle.db.select().from(companyFiles).where(eq(companyFiles.companyId, companyId));
    const ndas = requests.length === 0 ? [] : await handle.db.select().from(ndaAcceptances).where(inArray(ndaAcceptances.accessRequestId, requests.map((row) => row.id)));
    const views = files.length === 0 ? [] : await handle.db.select().from(fileViews).where(inArray(fileViews.fileId, files.map((row) => row.id)));
    const downloads = files.length === 0 ? [] : await handle.db.select().from(fileDownloads).where(inArray(fileDownloads.fileId, files.map((row) => row.id)));
    const pages = views.length === 0 ? [] : await handle.db.select().from(fileViewPages).where(inArray(fileViewPages.viewId, views.map((row) => row.id)));
    type Event = { at: Date; rank: number; id: number; cells: string[] };
    const events: Event[] = [];
    const buyerOf = (buyerUserId: number) => [people.get(buyerUserId)?.name ?? "", people.get(buyerUserId)?.email ?? ""];
    for (const row of requests) {
      const base = (name: string) => [name, String(row.id), ...buyerOf(row.buyerUserId), "", "", "", "", ""];
      events.push({ at: row.createdAt, rank: 1, id: row.id, cells: base(ACCESS_AUDIT_EVENTS.requested) });
      if (row.approvedAt !== null) events.push({ at: row.approvedAt, rank: 3, id: row.id, cells: base(ACCESS_AUDIT_EVENTS.approved) });
      if (row.status === "rejected" && row.decidedAt !== null) events.push({ at: row.decidedAt, rank: 4, id: row.id, cells: base(ACCESS_AUDIT_EVENTS.rejected) });
      // A lapse: the end passed while still approved (now, or before a revocation).
      const ended = row.accessEndsAt !== null && row.accessEndsAt <= NOW ? row.accessEndsAt : null;
      if (ended !== null && (row.status === "approved" || (row.status === "revoked" && row.decidedAt !== null && ended <= row.decidedAt)))
        events.push({ at: ended, rank: 5, id: row.id, cells: base(ACCESS_AUDIT_EVENTS.lapsed) });
      if (row.status === "revoked" && row.decidedAt !== null) events.push({ at: row.decidedAt, rank: 6, id: row.id, cells: base(ACCESS_AUDIT_EVENTS.revoked) });
    }
    for (const row of ndas) {
      const owning = requests.find((candidate) => candidate.id === row.accessRequestId);
      if (owning === undefined) throw new Error("an NDA without its request");
      events.push({ at: row.acceptedAt, rank: 2, id: row.id, cells: [ACCESS_AUDIT_EVENTS.ndaAccepted, String(owning.id), ...buyerOf(owning.buyerUserId), "", row.version, row.ip, "", ""] });
    }
    // An open or a download: the viewer's request at the time (a buyer's), the file; an open's pages and seconds.
    const fileEvent = (event: string, rank: number, id: number, fileId: number, viewerUserId: number, when: Date, reading: [string, string]) => {
      const viewer = people.get(viewerUserId);
      const isBuyer = viewerUserId !== ownerUserId && !(viewer?.roles ?? []).includes("admin");
      const latest = requests
        .filter((candidate) => isBuyer && candidate.buyerUserId === viewerUserId && candidate.createdAt <= when)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      const filename = files.find((candidate) => candidate.id === fileId)?.filename ?? "";
      events.push({ at: when, rank, id, cells: [event, latest === undefined ? "" : String(latest.id), ...(isBuyer ? buyerOf(viewerUserId) : ["", ""]), filename, "", "", ...reading] });
    };
    for (const row of views) {
      const read = pages.filter((page) => page.viewId === row.id);
      const milliseconds = read.reduce((sum, page) => sum + page.milliseconds, 0);
      fileEvent(ACCESS_AUDIT_EVENTS.documentOpened, 7, row.id, row.fileId, row.viewerUserId, row.viewedAt, read.length === 0 ? ["", ""] : [ranges(read.map((page) => page.page)), String(Math.round(milliseconds / 1000))]);
    }
    for (const row of downloads) fileEvent(ACCESS_AUDIT_EVENTS.documentDownloaded, 8, row.id, row.fileId, row.viewerUserId, row.downloadedAt, ["", ""]);
    events.sort((a, b) => a.at.getTime() - b.at.getTime() || a.rank - b.rank || a.id - b.id);
    return events.map((event) => [localTime(event.at), ...event.cells]);
  }

  /** The file's rows without the header, each cut to the columns `eventsInDatabase` has (defused text undone where expected). */
  const comparable = (rows: ReadonlyArray<ReadonlyArray<string>>) => rows.map((row) => [0, 1, 2, 3, 4, 6, 7, 8, 10, 11].map((column) => row[column] ?? "<missing>"));

  async function expectAudit(response: LightMyRequestResponse): Promise<string[][]> {
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="auditoria-${company.humanId}-2026-12-04.csv"`);
    const text = response.body;
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...ACCESS_AUDIT_HEADERS]);
    const body = rows.slice(1);
    for (const row of body) expect(row).toHaveLength(ACCESS_AUDIT_HEADERS.length);
    const expected = (await eventsInDatabase(company.id, owner.id)).map((row) => row.map(defused));
    expect(body).toHaveLength(expected.length);
    expect(comparable(body)).toEqual(expected);
    return body;
  }

  it("lists exactly the events the database holds, oldest first, in Mexico City time, for the owner", async () => {
    const rows = await expectAudit(await auditOf(company.id, owner.token));
    // 7 requests, 3 NDA acceptances, 6 approvals, 1 rejection, 2 lapses, 3 revocations, 5 opens, 3 downloads.
    expect(rows).toHaveLength(30);
    expect(rows.map((row) => row[1])).toEqual([
      "Solicitud de acceso",
      "Solicitud rechazada",
      "Solicitud de acceso",
      "NDA aceptado",
      "Acceso aprobado",
      "Documento abierto",
      "Acceso retirado",
      "Solicitud de acceso",
      "NDA aceptado",
      "Acceso aprobado",
      "NDA aceptado",
      "Documento abierto",
      "Documento abierto",
      "Documento abierto",
      "Documento abierto",
      "Documento descargado",
      "Documento descargado",
      "Documento descargado",
      // Luis, Marta (approved), Nico (approved), Olga, Luis approved, Olga approved.
      "Solicitud de acceso",
      "Solicitud de acceso",
      "Acceso aprobado",
      "Solicitud de acceso",
      "Acceso aprobado",
      "Solicitud de acceso",
      "Acceso aprobado",
      "Acceso aprobado",
      // Marta's end passed, then Luis's; Olga was revoked before hers; Marta was revoked after hers. Nico's has not come.
      "Acceso terminado por fecha",
      "Acceso terminado por fecha",
      "Acceso retirado",
      "Acceso retirado",
    ]);
    // The buyer's opens carry their pages and seconds; the owner's and the admin's none.
    const buyerPlanOpen = rows.find((row) => row[1] === "Documento abierto" && row[6] === "plan.pdf" && row[3] !== "");
    expect(buyerPlanOpen?.slice(10)).toEqual(["1-3, 5", "14"]);
    expect(rows[14]?.slice(10)).toEqual(["1, 2", "2"]);
    expect(rows[11]?.slice(10)).toEqual(["", ""]);
    expect(rows[5]?.slice(10)).toEqual(["", ""]);
    // Downloads: the buyer's with their request; the owner's and the admin's marked, without a buyer.
    expect(rows[15]?.[3]).toBe(`'=HYPERLINK("x")`);
    expect(rows[15]?.[6]).toBe("'+actas, 2026.pdf");
    expect(rows[16]?.[9]).toMatch(/^Descargado por el propietario/);
    expect(rows[17]?.[9]).toMatch(/^Descargado por un administrador/);
    expect(rows[17]?.[3]).toBe("");
    // A lapse is at the end instant (Mexico City time), by nobody.
    expect(rows[26]?.slice(0, 4)).toEqual(["2026-12-04 20:30:00", "Acceso terminado por fecha", rows[19]?.[2], "Marta Vencida"]);
    expect(rows[26]?.[5]).toBe("");
    expect(rows[27]?.[3]).toBe("Luis Vencido");
    expect(rows[27]?.[0]).toBe("2026-12-04 20:40:00");
    // 05:30 UTC on 2 November is still 1 November in Mexico City; 22:50:03 UTC is 16:50:03 there.
    expect(rows[0]?.[0]).toBe("2026-11-01 23:30:00");
    expect(rows.find((row) => row[6] === "plan.pdf" && row[3] !== "")?.[0]).toBe("2026-12-04 16:50:03");
    // Who decided, the NDA's version and address, the message as written (quotes, commas, line ends), formulas defused.
    expect(rows[1]?.[5]).toBe(`Dueña Auditada (${owner.email})`);
    expect(rows[6]?.[5]).toBe(`Admin Puente (${admin.email})`);
    expect(rows[4]?.[5]).toBe("");
    expect(rows[4]?.[9]).toMatch(/no consta/);
    expect(rows[9]?.[5]).toBe(`Dueña Auditada (${owner.email})`);
    expect(rows[2]?.[9]).toBe('Hola, "de nuevo"\r\nSaludos');
    expect(rows[3]?.[7]).toBe("2026-01");
    expect(rows[3]?.[8]).toBe("198.51.100.4");
    expect(rows[7]?.[3]).toBe(`'=HYPERLINK("x")`);
    expect(rows[7]?.[9]).toBe("'=1+1");
    expect(rows[10]?.[8]).toBe("'-203.0.113.8");
    expect(rows[2]?.[3]).toBe("López, Ana");
    expect(rows[5]?.[6]).toBe("'+actas, 2026.pdf");
    // The owner's and the admin's own opens are listed, marked, without a buyer.
    expect(rows[11]?.[9]).toMatch(/^Abierto por el propietario/);
    expect(rows[12]?.[9]).toMatch(/^Abierto por un administrador/);
    expect(rows[12]?.[3]).toBe("");
    // Nothing of the other company.
    expect(rows.some((row) => row.join(" ").includes("Ajeno") || row[6] === "ajeno.pdf")).toBe(false);
    // In the raw file the formula is quoted with its quotes doubled, behind an apostrophe.
    expect(await auditOf(company.id, owner.token).then((response) => response.body)).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("gives an admin the same file", async () => {
    const asAdmin = await auditOf(company.id, admin.token);
    await expectAudit(asAdmin);
    expect(asAdmin.body).toBe((await auditOf(company.id, owner.token)).body);
  });

  it("refuses everyone else: another seller, a buyer with access, a buyer of another company, a visitor", async () => {
    for (const stranger of [otherSeller, formulaBuyer, otherBuyer]) expect([403, 404]).toContain((await auditOf(company.id, stranger.token)).statusCode);
    expect((await auditOf(company.id, undefined)).statusCode).toBe(401);
    expect((await auditOf(999_999, admin.token)).statusCode).toBe(404);
    // The other seller's own company is theirs to download.
    const theirs = await auditOf(otherCompany.id, otherSeller.token);
    expect(theirs.statusCode).toBe(200);
    expect(parseCsv(theirs.body.slice(1))).toHaveLength(1 + 4);
  });

  it("limits downloads per user (bucket audit_exports, RATE_LIMIT_AUDIT_EXPORTS)", async () => {
    const limited = await buildApp({ db: handle.db, config: { ...TEST_APP_CONFIG, clock: () => NOW, savedSearchAlertsIntervalMs: 0, rateLimits: { audit_exports: { max: 1, windowMs: 60_000 } } } });
    try {
      expect((await callEndpoint(limited, getAccessAuditEndpoint, owner.token, { params: { id: company.id } })).statusCode).toBe(200);
      expectMessage(await callEndpoint(limited, getAccessAuditEndpoint, owner.token, { params: { id: company.id } }), 429, ACCESS_AUDIT_MESSAGES.tooMany);
      // Another user's counter is their own.
      expect((await callEndpoint(limited, getAccessAuditEndpoint, admin.token, { params: { id: company.id } })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
