import { desc, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contracts/errors.ts";
import { LeadResponse } from "../../contracts/leads.ts";
import { buildApp } from "../../server/app.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import { leads } from "../../server/leads/schema.ts";
import type { MailTransport } from "../../server/mail/transport.ts";
import { REFERERS, SERVICES_INTERESTED } from "../../server/seed/catalogue-data.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

const TEAM = "equipo-pruebas@puente.mx";
const decodeError = Schema.decodeUnknownSync(ApiErrorBody);

const idOf = (list: ReadonlyArray<{ id: number; name: string }>, name: string): number => {
  const item = list.find((candidate) => candidate.name === name);
  if (item === undefined) throw new Error(`missing catalogue item ${name}`);
  return item.id;
};
const CFO = idOf(SERVICES_INTERESTED, "CFO virtual");
const LINKEDIN = idOf(REFERERS, "LinkedIn");

const valid = {
  name: "  Mariana Treviño  ",
  service_interested: CFO,
  email: "Mariana.Trevino@Ejemplo.MX ",
  phone: "81 1234 5678",
  referer: LINKEDIN,
};

describe.each(ONE_TEST_DATABASE)("POST /api/leads on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    // The per-IP lead limit out of the way here; tests/server/rate-limit.test.ts proves it.
    app = await buildApp({
      db: handle.db,
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, teamEmail: TEAM, rateLimits: { leads: { max: 10_000, windowMs: 60_000 } } },
    });
  });

  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const post = (body: unknown) =>
    app.inject({ method: "POST", url: "/api/leads", headers: { "content-type": "application/json" }, payload: JSON.stringify(body) });
  const countLeads = async () => (await handle.db.select({ id: leads.id }).from(leads)).length;

  it("stores a valid lead, trimmed with the e-mail lowercased, and answers 201 with its id", async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    const { id } = Schema.decodeUnknownSync(LeadResponse)(response.json());
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({
      name: "Mariana Treviño",
      email: "mariana.trevino@ejemplo.mx",
      phone: "81 1234 5678",
      serviceInterestedId: CFO,
      refererId: LINKEDIN,
    });
  });

  it("e-mails the team through the mailer: the message is recorded in the outbox", async () => {
    const response = await post({ ...valid, name: "Jorge <b>Garza</b>", email: "jorge@ejemplo.mx" });
    expect(response.statusCode).toBe(201);
    const [mail] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, TEAM)).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail?.subject).toBe("Nuevo contacto: Jorge <b>Garza</b> (CFO virtual)");
    expect(mail?.transport).toBe("outbox");
    expect(mail?.textBody).toContain("Email: jorge@ejemplo.mx");
    expect(mail?.textBody).toContain("Teléfono: 81 1234 5678");
    expect(mail?.textBody).toContain("Cómo se enteró de nosotros: LinkedIn");
    // User text never reaches the HTML unescaped.
    expect(mail?.htmlBody).toContain("Jorge &#60;b&#62;Garza&#60;/b&#62;");
    expect(mail?.htmlBody).not.toContain("<b>Garza</b>");
  });

  it.each([
    ["name missing", { ...valid, name: undefined }, "Debes ingresar tu nombre"],
    ["name blank", { ...valid, name: "   " }, "Debes ingresar tu nombre"],
    ["name too long", { ...valid, name: "a".repeat(121) }, "El nombre no puede tener más de 120 caracteres"],
    ["service missing", { ...valid, service_interested: undefined }, "Debes seleccionar el servicio que te interesa"],
    ["service null", { ...valid, service_interested: null }, "Debes seleccionar el servicio que te interesa"],
    ["service not an id", { ...valid, service_interested: "CFO" }, "Debes seleccionar el servicio que te interesa"],
    ["email missing", { ...valid, email: "" }, "Debes ingresar tu email"],
    ["email malformed", { ...valid, email: "mariana@" }, "Ingresa un email válido"],
    ["phone missing", { ...valid, phone: " " }, "Debes ingresar tu teléfono"],
    ["phone malformed", { ...valid, phone: "llámame" }, "Ingresa un teléfono válido"],
    ["phone too short", { ...valid, phone: "1234" }, "Ingresa un teléfono válido"],
    ["referer missing", { ...valid, referer: undefined }, "Debes seleccionar cómo te enteraste de nosotros"],
    ["referer zero", { ...valid, referer: 0 }, "Debes seleccionar cómo te enteraste de nosotros"],
  ])("answers 400 with the spec's message and stores nothing: %s", async (_case, body, message) => {
    const before = await countLeads();
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(decodeError(response.json()).message).toBe(message);
    expect(await countLeads()).toBe(before);
  });

  it("rejects catalogue ids that do not exist, storing and e-mailing nothing", async () => {
    const leadsBefore = await countLeads();
    const mailsBefore = (await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;

    const badService = await post({ ...valid, service_interested: 9999 });
    expect(badService.statusCode).toBe(400);
    expect(decodeError(badService.json()).message).toBe("El servicio seleccionado no existe. Elige una opción de la lista.");

    const badReferer = await post({ ...valid, referer: 9999 });
    expect(badReferer.statusCode).toBe(400);
    expect(decodeError(badReferer.json()).message).toBe("La opción de cómo te enteraste de nosotros no existe. Elige una opción de la lista.");

    expect(await countLeads()).toBe(leadsBefore);
    expect((await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length).toBe(mailsBefore);
  });

  it("keeps the lead and still answers 201 when the notification cannot be sent; the e-mail waits in the outbox", async () => {
    const failing: MailTransport = {
      kind: "smtp",
      deliver: () => Promise.reject(new Error("SMTP caído")),
    };
    const other = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, mailTransport: failing } });
    try {
      const response = await other.inject({
        method: "POST",
        url: "/api/leads",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ ...valid, email: "sin-correo@ejemplo.mx" }),
      });
      expect(response.statusCode).toBe(201);
      const stored = await handle.db.select().from(leads).where(eq(leads.email, "sin-correo@ejemplo.mx"));
      expect(stored).toHaveLength(1);
      await other.backgroundIdle();
      const queued = (await handle.db.select().from(emailOutbox)).filter((mail) => mail.textBody.includes("Email: sin-correo@ejemplo.mx"));
      expect(queued).toMatchObject([{ status: "pending", attempts: 1, lastError: "SMTP caído", sentAt: null }]);
    } finally {
      await other.close();
    }
  });
});
