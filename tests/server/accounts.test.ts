import { and, eq, isNull, sql } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MessageResponse, RECOVERY_REQUESTED_MESSAGE, UpdateProfileResponse } from "../../contracts/accounts.ts";
import { ApiErrorBody } from "../../contracts/errors.ts";
import { BuyerRegistrationResponse, SellerRegistrationResponse } from "../../contracts/registration.ts";
import { LoginResponse } from "../../contracts/sessions.ts";
import { hashRecoveryToken } from "../../server/accounts/password-recovery.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { buyerProfiles, passwordResetTokens } from "../../server/accounts/schema.ts";
import { companies, companyIndustries, companyInterests } from "../../server/companies/schema.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import { subscriptions } from "../../server/payments/schema.ts";
import { users } from "../../server/auth/schema.ts";
import type { MailMessage } from "../../server/mail/mailer.ts";
import type { MailTransport } from "../../server/mail/transport.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { createUser } from "../../server/auth/users.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

const APP_URL = "https://puente.example";
const decodeError = Schema.decodeUnknownSync(ApiErrorBody);
const decodeMessage = Schema.decodeUnknownSync(MessageResponse);

const buyerBody = (email: string) => ({
  buyer_description_id: 1,
  state_id: 19,
  investment_description_summary: "  Manufactura en el Bajío  ",
  investment_size_id: 2,
  user: { email, password: "Segura-2026", phone: "5512345678", name: "  Ana Pérez ", website: "https://ana.mx" },
});

const sellerBody = (email: string) => ({
  user: { email, password: "Segura-2026", phone: "8112345678", name: "Carlos Treviño" },
  name: "Tortillería El Sol",
  website: "https://elsol.mx",
  foundation_date: 2004,
  headcount: 35,
  short_description: "Tres sucursales en Monterrey",
  industry_id: 3,
  company_type_id: 1,
  state_id: 19,
  country_id: 1,
  interest_id: 3,
  user_company_role_id: 1,
  ebitda_range_id: 3,
  yearly_sales_range_id: 4,
});

describe.each(ONE_TEST_DATABASE)("accounts on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    // Limits out of the way here; tests/server/rate-limit.test.ts proves the 429s.
    const generous = { max: 10_000, windowMs: 60_000 };
    app = await buildApp({
      db: handle.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        logLevel: "silent",
        distDir: null,
        appUrl: APP_URL,
        rateLimits: { login: generous, recovery: generous, signup: generous },
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const send = (method: "POST" | "PUT" | "PATCH", url: string, body: unknown, token?: string) =>
    app.inject({
      method,
      url,
      headers: { "content-type": "application/json", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      payload: JSON.stringify(body),
    });
  const login = (email: string, password: string) => send("POST", "/api/sessions", { email, password });
  const tokenFor = async (email: string, password: string) => {
    const response = await login(email, password);
    expect(response.statusCode).toBe(200);
    return Schema.decodeUnknownSync(LoginResponse)(response.json()).access_token;
  };
  const countUsers = async () => (await handle.db.select({ id: users.id }).from(users)).length;
  const outboxFor = (email: string) => handle.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
  const linkToken = (mail: { textBody: string }) => {
    const match = /recuperar-contrasena\?token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
    if (match?.[1] === undefined) throw new Error("no recovery link in the e-mail");
    return match[1];
  };
  const requestRecovery = async (email: string) => {
    const response = await send("POST", "/api/accounts/recover-passwords", { email });
    await app.backgroundIdle();
    return response;
  };

  describe("POST /api/buyers", () => {
    it("creates the buyer account and its profile, then the buyer can log in", async () => {
      const response = await send("POST", "/api/buyers", buyerBody("ana.buyer@ejemplo.mx"));
      expect(response.statusCode).toBe(201);
      const { id, email } = Schema.decodeUnknownSync(BuyerRegistrationResponse)(response.json());
      expect(email).toBe("ana.buyer@ejemplo.mx");
      const [user] = await handle.db.select().from(users).where(eq(users.id, id));
      expect(user).toMatchObject({ name: "Ana Pérez", phone: "5512345678", roles: ["buyer"], deletedAt: null });
      expect(user?.passwordHash.startsWith("scrypt$")).toBe(true);
      const [profile] = await handle.db.select().from(buyerProfiles).where(eq(buyerProfiles.userId, id));
      expect(profile).toMatchObject({
        buyerDescriptionId: 1,
        stateId: 19,
        investmentDescriptionSummary: "Manufactura en el Bajío",
        investmentSizeId: 2,
        website: "https://ana.mx",
      });
      expect(await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toHaveLength(1);
      await tokenFor("ana.buyer@ejemplo.mx", "Segura-2026");
    });

    it("answers 409 in Spanish for an e-mail that already has an account, and writes nothing", async () => {
      await send("POST", "/api/buyers", buyerBody("repetida@ejemplo.mx"));
      const before = await countUsers();
      const again = await send("POST", "/api/sellers", sellerBody("repetida@ejemplo.mx"));
      expect(again.statusCode).toBe(409);
      expect(decodeError(again.json()).message).toBe("Ya existe una cuenta con ese email. Inicia sesión o recupera tu contraseña.");
      const buyerAgain = await send("POST", "/api/buyers", buyerBody("repetida@ejemplo.mx"));
      expect(buyerAgain.statusCode).toBe(409);
      expect(await countUsers()).toBe(before);
    });

    it("rejects bad input with the form's Spanish messages and writes nothing", async () => {
      const before = await countUsers();
      const cases: ReadonlyArray<readonly [unknown, string]> = [
        [{ ...buyerBody("x@ejemplo.mx"), user: { ...buyerBody("x@ejemplo.mx").user, email: "X@Ejemplo.mx" } }, "El correo debe estar en minúsculas"],
        [{ ...buyerBody("x@ejemplo.mx"), user: { ...buyerBody("x@ejemplo.mx").user, password: "1234567" } }, "La contraseña debe ser de al menos 8 caracteres"],
        [{ ...buyerBody("x@ejemplo.mx"), state_id: null }, "Debes seleccionar tu estado"],
        [{ ...buyerBody("x@ejemplo.mx"), investment_description_summary: "   " }, "Debes describir tu tesis de inversión"],
        [{ ...buyerBody("x@ejemplo.mx"), state_id: 999 }, "La opción elegida en «Estado» no existe. Elige una opción de la lista."],
        [{}, "Debes seleccionar la opción que mejor te describe"],
        [[], "Los datos enviados no son válidos."],
      ];
      for (const [body, message] of cases) {
        const response = await send("POST", "/api/buyers", body);
        expect(response.statusCode, message).toBe(400);
        expect(decodeError(response.json()).message).toBe(message);
      }
      expect(await countUsers()).toBe(before);
    });
  });

  describe("POST /api/sellers", () => {
    it("creates the seller and the first company together: 'Created', 'Pendiente', unpublished, owned and contacted by the seller", async () => {
      const response = await send("POST", "/api/sellers", sellerBody("carlos.seller@ejemplo.mx"));
      expect(response.statusCode).toBe(201);
      const seller = Schema.decodeUnknownSync(SellerRegistrationResponse)(response.json());
      const [user] = await handle.db.select().from(users).where(eq(users.id, seller.id));
      expect(user).toMatchObject({ email: "carlos.seller@ejemplo.mx", roles: ["seller"], isOnboardingCompleted: false });
      const [company] = await handle.db.select().from(companies).where(eq(companies.id, seller.company.id));
      expect(company).toMatchObject({
        humanId: seller.company.human_id,
        name: "Tortillería El Sol",
        website: "https://elsol.mx",
        foundationDate: 2004,
        headcount: 35,
        shortDescription: "Tres sucursales en Monterrey",
        companyTypeId: 1,
        stateId: 19,
        countryId: 1,
        userCompanyRoleId: 1,
        ebitdaRangeId: 3,
        yearlySalesRangeId: 4,
        companyStatusId: 1,
        verificationLevelId: 1,
        isPublished: false,
        ownerUserId: seller.id,
        contactName: "Carlos Treviño",
        contactEmail: "carlos.seller@ejemplo.mx",
        contactPhone: "8112345678",
      });
      expect(await handle.db.select().from(companyIndustries).where(eq(companyIndustries.companyId, seller.company.id))).toEqual([
        { companyId: seller.company.id, industryId: 3 },
      ]);
      expect(await handle.db.select().from(companyInterests).where(eq(companyInterests.companyId, seller.company.id))).toEqual([
        { companyId: seller.company.id, interestId: 3 },
      ]);
    });

    it("checks the seller form's rules on the server", async () => {
      const body = sellerBody("otro.seller@ejemplo.mx");
      const cases: ReadonlyArray<readonly [unknown, string]> = [
        [{ ...body, headcount: 0 }, "No puede ser menor a 1"],
        [{ ...body, website: " " }, "Debes ingresar la página web"],
        [{ ...body, user: { ...body.user, name: "" } }, "Debes ingresar tu nombre"],
        [{ ...body, name: "" }, "Debes ingresar el nombre de la empresa"],
        [{ ...body, ebitda_range_id: 0 }, "Debes seleccionar rango de EBITDA"],
        [{ ...body, industry_id: 4242 }, "La opción elegida en «Industria» no existe. Elige una opción de la lista."],
        [{ ...body, headcount: 2 ** 40 }, "Ingresa un número de colaboradores válido"],
      ];
      for (const [input, message] of cases) {
        const response = await send("POST", "/api/sellers", input);
        expect(response.statusCode, message).toBe(400);
        expect(decodeError(response.json()).message).toBe(message);
      }
      expect(await handle.db.select().from(users).where(eq(users.email, "otro.seller@ejemplo.mx"))).toEqual([]);
    });

    it("leaves no user behind when the company cannot be written (one transaction)", async () => {
      await handle.db.execute(sql`
        create or replace function test_refuse_company() returns trigger language plpgsql as $$
        begin raise exception 'refused by test'; end $$`);
      await handle.db.execute(sql`create trigger test_refuse_company before insert on companies for each row execute function test_refuse_company()`);
      try {
        const response = await send("POST", "/api/sellers", sellerBody("atomico@ejemplo.mx"));
        expect(response.statusCode).toBe(500);
        expect(decodeError(response.json()).message).toBe("Ocurrió un error, intenta más tarde.");
        expect(await handle.db.select().from(users).where(eq(users.email, "atomico@ejemplo.mx"))).toEqual([]);
      } finally {
        await handle.db.execute(sql`drop trigger test_refuse_company on companies`);
      }
      expect((await send("POST", "/api/sellers", sellerBody("atomico@ejemplo.mx"))).statusCode).toBe(201);
    });
  });

  describe("password recovery", () => {
    const email = "recupera@ejemplo.mx";
    let userId: number;

    beforeAll(async () => {
      userId = (await createUser(handle.db, { email, password: "Original-2026", name: "Rosa Recupera", phone: null, roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS })).id;
    });

    it("answers the same for a known and an unknown e-mail, and only the known one gets a link", async () => {
      const known = await requestRecovery(email);
      const unknown = await requestRecovery("nadie@ejemplo.mx");
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(decodeMessage(known.json()).message).toBe(RECOVERY_REQUESTED_MESSAGE);
      expect(await outboxFor("nadie@ejemplo.mx")).toEqual([]);
      const [mail] = await outboxFor(email);
      expect(mail?.subject).toBe("Recupera tu contraseña de Puente");
      expect(mail?.textBody).toContain(`${APP_URL}/recuperar-contrasena?token=`);
      expect(mail?.htmlBody).toContain("Crear nueva contraseña");
      // Only the SHA-256 of the token is stored, with a one-hour expiry.
      const token = linkToken(mail ?? { textBody: "" });
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      const rows = await handle.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      expect(rows.map((row) => row.tokenHash)).toEqual([hashRecoveryToken(token)]);
      expect(rows[0]?.tokenHash).not.toContain(token);
      const lifetime = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
      expect(Math.abs(lifetime - 60 * 60 * 1000)).toBeLessThan(5000);
    });

    it("answers before the e-mail is looked up or sent, so timing does not depend on the account", async () => {
      const stuck: MailTransport = { kind: "smtp", deliver: () => new Promise<void>(() => {}) };
      const slowApp = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, mailTransport: stuck } });
      try {
        const response = await slowApp.inject({
          method: "POST",
          url: "/api/accounts/recover-passwords",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ email }),
        });
        expect(response.statusCode).toBe(200);
        expect(decodeMessage(response.json()).message).toBe(RECOVERY_REQUESTED_MESSAGE);
      } finally {
        // The stuck send never settles; do not wait for it on close.
        void slowApp.close();
      }
    });

    it("validates the e-mail with the form's messages", async () => {
      for (const [value, message] of [["", "Debes ingresar tu email"], ["no-es-email", "Ingresa un email válido"]] as const) {
        const response = await send("POST", "/api/accounts/recover-passwords", { email: value });
        expect(response.statusCode).toBe(400);
        expect(decodeError(response.json()).message).toBe(message);
      }
    });

    it("resets the password once: the token cannot be reused and the old password stops working", async () => {
      await requestRecovery(email);
      const mails = await outboxFor(email);
      const token = linkToken(mails[mails.length - 1] ?? { textBody: "" });
      const reset = await send("PUT", "/api/accounts/recover-passwords", { recover_token: token, password: "Nueva-clave-1", password_confirmation: "Nueva-clave-1" });
      expect(reset.statusCode).toBe(200);
      expect(decodeMessage(reset.json()).message).toBe("Contraseña actualizada con éxito");
      expect((await login(email, "Original-2026")).statusCode).toBe(401);
      await tokenFor(email, "Nueva-clave-1");

      const reuse = await send("PUT", "/api/accounts/recover-passwords", { recover_token: token, password: "Otra-clave-22", password_confirmation: "Otra-clave-22" });
      expect(reuse.statusCode).toBe(400);
      expect(decodeError(reuse.json()).message).toBe("El enlace para recuperar tu contraseña no es válido o ya venció. Solicita uno nuevo.");
      await tokenFor(email, "Nueva-clave-1");
    });

    it("voids the user's other open links when one is used", async () => {
      await requestRecovery(email);
      await requestRecovery(email);
      const mails = await outboxFor(email);
      const older = linkToken(mails[mails.length - 2] ?? { textBody: "" });
      const newer = linkToken(mails[mails.length - 1] ?? { textBody: "" });
      expect(older).not.toBe(newer);
      const used = await send("PUT", "/api/accounts/recover-passwords", { recover_token: newer, password: "Tercera-clave-3", password_confirmation: "Tercera-clave-3" });
      expect(used.statusCode).toBe(200);
      const stale = await send("PUT", "/api/accounts/recover-passwords", { recover_token: older, password: "Cuarta-clave-4", password_confirmation: "Cuarta-clave-4" });
      expect(stale.statusCode).toBe(400);
      const open = await handle.db
        .select()
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      expect(open).toEqual([]);
      await tokenFor(email, "Tercera-clave-3");
    });

    it("refuses an expired link, an unknown token and a mismatched confirmation, changing nothing", async () => {
      await requestRecovery(email);
      const mails = await outboxFor(email);
      const token = linkToken(mails[mails.length - 1] ?? { textBody: "" });
      const mismatch = await send("PUT", "/api/accounts/recover-passwords", { recover_token: token, password: "Quinta-clave-5", password_confirmation: "Quinta-clave-6" });
      expect(mismatch.statusCode).toBe(400);
      expect(decodeError(mismatch.json()).message).toBe("Los campos no coinciden");
      const short = await send("PUT", "/api/accounts/recover-passwords", { recover_token: token, password: "corta", password_confirmation: "corta" });
      expect(decodeError(short.json()).message).toBe("La contraseña debe ser de al menos 8 caracteres");

      await handle.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.tokenHash, hashRecoveryToken(token)));
      const expired = await send("PUT", "/api/accounts/recover-passwords", { recover_token: token, password: "Quinta-clave-5", password_confirmation: "Quinta-clave-5" });
      expect(expired.statusCode).toBe(400);
      expect(decodeError(expired.json()).message).toBe("El enlace para recuperar tu contraseña no es válido o ya venció. Solicita uno nuevo.");
      const forged = await send("PUT", "/api/accounts/recover-passwords", { recover_token: "inventado", password: "Quinta-clave-5", password_confirmation: "Quinta-clave-5" });
      expect(forged.statusCode).toBe(400);
      await tokenFor(email, "Tercera-clave-3");
    });

    it("gives a deactivated account no link and no use of an old one", async () => {
      const deactivated = "desactivada@ejemplo.mx";
      const { id } = await createUser(handle.db, { email: deactivated, password: "Original-2026", name: "Dora", phone: null, roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS });
      await requestRecovery(deactivated);
      const [mail] = await outboxFor(deactivated);
      const token = linkToken(mail ?? { textBody: "" });
      await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));

      const again = await requestRecovery(deactivated);
      expect(again.statusCode).toBe(200);
      expect(await outboxFor(deactivated)).toHaveLength(1);
      const use = await send("PUT", "/api/accounts/recover-passwords", { recover_token: token, password: "Nueva-clave-1", password_confirmation: "Nueva-clave-1" });
      expect(use.statusCode).toBe(403);
      expect(decodeError(use.json()).message).toBe("Tu cuenta está desactivada. Escríbenos a soporte para reactivarla.");
      const signIn = await login(deactivated, "Original-2026");
      expect(signIn.statusCode).toBe(403);
    });
  });

  describe("profile and password change", () => {
    const email = "perfil@ejemplo.mx";

    beforeAll(async () => {
      await createUser(handle.db, { email, password: "Original-2026", name: "Pedro Perfil", phone: "5511112222", roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS });
    });

    it("needs a session", async () => {
      const response = await send("PATCH", "/api/accounts", { name: "X", phone: "1" });
      expect(response.statusCode).toBe(401);
      expect(decodeError(response.json()).message).toBe("Debes iniciar sesión para continuar.");
      expect((await send("PATCH", "/api/accounts/passwords", {})).statusCode).toBe(401);
    });

    it("updates name and phone (trimmed) and answers them for the session", async () => {
      const token = await tokenFor(email, "Original-2026");
      const response = await send("PATCH", "/api/accounts", { name: "  Pedro Páramo ", phone: " 5599998888 " }, token);
      expect(response.statusCode).toBe(200);
      expect(Schema.decodeUnknownSync(UpdateProfileResponse)(response.json())).toEqual({ name: "Pedro Páramo", phone: "5599998888" });
      const [row] = await handle.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ name: "Pedro Páramo", phone: "5599998888" });
      const blank = await send("PATCH", "/api/accounts", { name: " ", phone: "5599998888" }, token);
      expect(blank.statusCode).toBe(400);
      expect(decodeError(blank.json()).message).toBe("Debes ingresar tu nombre");
      const noPhone = await send("PATCH", "/api/accounts", { name: "Pedro", phone: "" }, token);
      expect(decodeError(noPhone.json()).message).toBe("Debes ingresar tu teléfono");
    });

    it("changes the password only with the right current one", async () => {
      const token = await tokenFor(email, "Original-2026");
      const wrong = await send("PATCH", "/api/accounts/passwords", { current_password: "no-es-esta", new_password: "Nueva-clave-1", password_confirmation: "Nueva-clave-1" }, token);
      expect(wrong.statusCode).toBe(400);
      expect(decodeError(wrong.json()).message).toBe("La contraseña actual no es correcta.");
      const mismatch = await send("PATCH", "/api/accounts/passwords", { current_password: "Original-2026", new_password: "Nueva-clave-1", password_confirmation: "Nueva-clave-2" }, token);
      expect(decodeError(mismatch.json()).message).toBe("Los campos no coinciden");
      await tokenFor(email, "Original-2026");

      const ok = await send("PATCH", "/api/accounts/passwords", { current_password: "Original-2026", new_password: "Nueva-clave-1", password_confirmation: "Nueva-clave-1" }, token);
      expect(ok.statusCode).toBe(200);
      expect(decodeMessage(ok.json()).message).toBe("Contraseña actualizada con éxito");
      expect((await login(email, "Original-2026")).statusCode).toBe(401);
      await tokenFor(email, "Nueva-clave-1");
    });

    it("refuses a deactivated account even with a valid token", async () => {
      const token = await tokenFor(email, "Nueva-clave-1");
      await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, email));
      const response = await send("PATCH", "/api/accounts", { name: "Pedro", phone: "1" }, token);
      expect(response.statusCode).toBe(403);
    });
  });
});

// The mail helpers are plain functions; the rendered e-mail escapes names.
describe("recovery e-mail", () => {
  it("is Spanish text and HTML with the link, escaping the user's name", async () => {
    const { recoveryEmail } = await import("../../server/accounts/password-recovery.ts");
    const mail: MailMessage = recoveryEmail("a@b.mx", "<Ana & Co>", "https://puente.example/recuperar-contrasena?token=abc");
    expect(mail.text).toContain("Hola, <Ana & Co>:");
    expect(mail.text).toContain("https://puente.example/recuperar-contrasena?token=abc");
    expect(mail.html).toContain("&#60;Ana &#38; Co&#62;");
    expect(mail.html).not.toContain("<Ana");
    expect(mail.html).toContain('lang="es-MX"');
  });
});
