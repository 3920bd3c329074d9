import { setTimeout as delay } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_EMAIL_MESSAGE } from "../../contracts/fields.ts";
import { requestPasswordRecoveryEndpoint } from "../../contracts/accounts.ts";
import { buildApp } from "../../server/app.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { REDACTED, redactSecrets } from "../../server/http/log-redaction.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_APP_CONFIG, callEndpoint, expectMessage, signedInUser } from "./harness.ts";
import { buyerSignUp } from "./samples.ts";

// Issue "Hardening 2": each finding of the second probe, as a test that failed before its fix.

describe("4. no secret in a log: the redaction itself", () => {
  it("replaces the tokens and signatures of our links, and nothing else", () => {
    expect(redactSecrets("GET /recuperar-contrasena?token=abc_DEF-123 200")).toBe(`GET /recuperar-contrasena?token=${REDACTED} 200`);
    expect(redactSecrets('"url":"/verificar-correo?token=x1.y2&utm=correo"')).toBe(`"url":"/verificar-correo?token=${REDACTED}&utm=correo"`);
    expect(redactSecrets("/api/payments/7/receipt?page=1&Signature=s1g")).toBe(`/api/payments/7/receipt?page=1&Signature=${REDACTED}`);
    expect(redactSecrets("/api/files/12.3.1795000000.c2lnbmF0dXJh?download=1")).toBe(`/api/files/${REDACTED}?download=1`);
    expect(redactSecrets('"url":"/api/file_readings/7.1795000000.c2lnbmF0dXJh/pages"')).toBe(`"url":"/api/file_readings/${REDACTED}/pages"`);
    expect(redactSecrets("/api/companies?search=token&page=2")).toBe("/api/companies?search=token&page=2");
  });

  it("stays linear on a long hostile line", () => {
    const line = `?token=${"a".repeat(200_000)}${"&token=".repeat(20_000)}${"/api/files/".repeat(20_000)}`;
    const started = performance.now();
    redactSecrets(line);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe.each(ONE_TEST_DATABASE)("hardening 2 on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({ db: handle.db, config: { ...TEST_APP_CONFIG, logLevel: "info", logDestination: { write: (line) => void lines.push(line) } } });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it("4. request, error and mail logs carry no token, signed file link or receipt signature", async () => {
    const user = await signedInUser(handle.db, { email: "registro.secreto@ejemplo.mx", name: "Ana", roles: ["buyer"] });
    await app.inject({ url: "/recuperar-contrasena?token=RECOVERYSECRET123" });
    await app.inject({ url: "/verificar-correo?token=VERIFYSECRET456" });
    await app.inject({ url: "/api/files/99.1.1795000000.FILESECRET789" });
    await app.inject({ method: "POST", url: "/api/file_readings/99.1795000000.READINGSECRET321/pages", payload: { pages: [{ page: 1, milliseconds: 1 }] } });
    await app.inject({ url: "/api/payments/1/receipt?signature=RECEIPTSECRET000" });
    // The local mailer logs the recovery e-mail it keeps, link and all.
    const recovery = await callEndpoint(app, requestPasswordRecoveryEndpoint, undefined, { body: { email: user.email } });
    expect(recovery.statusCode, recovery.body).toBe(200);
    // The e-mail may go out after the answer.
    for (let waited = 0; waited < 2_000 && !lines.some((line) => line.includes("recuperar-contrasena?token=")); waited += 20) await delay(20);

    const log = lines.join("");
    expect(log).toContain("recuperar-contrasena?token=[redacted]");
    expect(log).toContain("/api/files/[redacted]");
    expect(log).toContain("signature=[redacted]");
    for (const secret of ["RECOVERYSECRET123", "VERIFYSECRET456", "FILESECRET789", "READINGSECRET321", "RECEIPTSECRET000"]) expect(log).not.toContain(secret);
    // The recovery link's own token (random) is not in the log either: every logged link is redacted.
    expect(log).not.toMatch(/token=(?!\[redacted\])/);
  });

  it("5. an e-mail field takes one mailbox: no display name, list or angle brackets reach the mailer", async () => {
    for (const email of ["x<victim@evil.example>", "a,b@evil.example", "Ana <ana@ejemplo.mx>"]) {
      const body = buyerSignUp(email);
      const response = await app.inject({ method: "POST", url: "/api/buyers", payload: body });
      expectMessage(response, 400, INVALID_EMAIL_MESSAGE);
    }
  });
});
