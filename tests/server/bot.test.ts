import { createHash } from "node:crypto";
import { count } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faqGroupAnchor, FAQ_PAGE } from "../../content/faq.ts";
import { formatMxn } from "../../content/format.ts";
import { SELLER_JOURNEY, SELLER_STEPS } from "../../content/journeys.ts";
import { TERMS } from "../../content/legal.ts";
import { PLANS_PAGE, planAnchor } from "../../content/plans.ts";
import { BOT_CONTACT_SOURCE, BOT_MESSAGES, BOT_QUESTION_MAX_LENGTH, BotAnswer } from "../../contracts/bot.ts";
import { BOT_PAGE_URL } from "../../contracts/bot-page.ts";
import { ApiErrorBody } from "../../contracts/errors.ts";
import { buildApp } from "../../server/app.ts";
import { indexBotPassages } from "../../server/bot/index-passages.ts";
import { BOT_PAGE_COPY } from "../../server/bot/page.ts";
import { buildPassages } from "../../server/bot/passages.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { botPassages, botTerms } from "../../server/bot/schema.ts";
import { INPUT_MESSAGES } from "../../server/http/decode.ts";
import { PLANS, planById } from "../../server/payments/plans.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

const decodeAnswer = Schema.decodeUnknownSync(BotAnswer);
const decodeError = Schema.decodeUnknownSync(ApiErrorBody);

const termsSection = (id: string): string => `${TERMS.path}#${id}`;

describe.each(ONE_TEST_DATABASE)("Puente Bot on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await indexBotPassages(handle.db);
    // The per-IP limit out of the way here; tests/server/rate-limit.test.ts proves it.
    app = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, rateLimits: { bot: { max: 10_000, windowMs: 60_000 } } } });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const ask = (body: unknown) =>
    app.inject({ method: "POST", url: "/api/bot/answers", headers: { "content-type": "application/json" }, payload: JSON.stringify(body) });
  const answerTo = async (question: string) => {
    const response = await ask({ question });
    expect(response.statusCode).toBe(200);
    return decodeAnswer(response.json());
  };
  const page = (query = "") => app.inject({ method: "GET", url: `${BOT_PAGE_URL}${query}` });

  describe("answers from our own content, with its source", () => {
    it("'¿cuánto cuesta el plan Impulsa?': from the plans, with the prices the server charges", async () => {
      const answer = await answerTo("¿cuánto cuesta el plan Impulsa?");
      expect(answer.known).toBe(true);
      expect(answer.sources).toEqual([{ title: `${PLANS_PAGE.title}: Impulsa`, href: `${PLANS_PAGE.path}#${planAnchor("impulsa_monthly")}` }]);
      expect(answer.answer).toContain(`${formatMxn(planById("impulsa_monthly").amount_mxn)} MXN al mes + IVA`);
      expect(answer.answer).toContain(`${formatMxn(planById("impulsa_quarterly").amount_mxn)} MXN cada 3 meses + IVA`);
      expect(answer.answer).toContain(`Comisión de éxito: ${planById("impulsa_monthly").success_fee_percent}% + IVA`);
    });

    it("'¿cómo vendo mi empresa?': the seller's steps on /vende-tu-empresa", async () => {
      const answer = await answerTo("¿cómo vendo mi empresa?");
      expect(answer.known).toBe(true);
      expect(answer.sources[0]).toEqual({ title: `${SELLER_JOURNEY.page}: ${SELLER_JOURNEY.heading}`, href: `${SELLER_JOURNEY.path}#${SELLER_JOURNEY.anchor}` });
      for (const step of SELLER_STEPS) expect(answer.answer).toContain(step.title);
    });

    it("'¿qué es el KYB?': the terms' section on verification", async () => {
      const answer = await answerTo("¿qué es el KYB?");
      expect(answer.known).toBe(true);
      expect(answer.sources[0]?.href).toBe(termsSection("verificacion"));
      expect(answer.answer).toContain("La verificación de identidad y del negocio (KYC/KYB)");
    });

    it("'¿son una institución financiera?': what Puente is, in the terms", async () => {
      const answer = await answerTo("¿son una institución financiera?");
      expect(answer.known).toBe(true);
      expect(answer.sources).toEqual([{ title: `${TERMS.title}: Qué es Puente`, href: termsSection("objeto") }]);
      expect(answer.answer).toMatch(/^Puente no es una institución financiera, no recibe ni administra fondos/);
    });

    it("other pages too: the FAQ, the services and the free valuation", async () => {
      expect((await answerTo("¿Qué es una carta de intención?")).sources[0]?.href).toBe(`${FAQ_PAGE.path}#${faqGroupAnchor("comprar")}`);
      // The CFO virtual's own page (its name is the page's too), with the price /servicios gives.
      const cfo = await answerTo("¿Cuánto cuesta el CFO virtual?");
      expect(cfo.sources[0]?.href).toBe("/cfo-virtual");
      expect(cfo.answer).toContain("Desde $12,000 MXN al mes + IVA");
      expect((await answerTo("¿Cuánto vale mi empresa?")).sources[0]?.href).toBe("/valuacion-gratuita#valuation-steps");
      expect((await answerTo("derechos ARCO")).sources[0]?.href).toBe("/politica-de-privacidad#arco");
    });

    it("without accents, in capitals, with typos: the same answers", async () => {
      const impulsa = await answerTo("¿cuánto cuesta el plan Impulsa?");
      expect(await answerTo("cuanto cuesta el plan impulza")).toEqual(impulsa);
      expect(await answerTo("CUANTO CUESTA EL PLAN IMPULSA")).toEqual(impulsa);
      expect((await answerTo("como vendo mi empreza")).sources[0]?.href).toBe(`${SELLER_JOURNEY.path}#${SELLER_JOURNEY.anchor}`);
      expect((await answerTo("son una institucion finaciera")).sources[0]?.href).toBe(termsSection("objeto"));
      expect((await answerTo("que es el kyb")).sources[0]?.href).toBe(termsSection("verificacion"));
    });
  });

  describe("says plainly when it does not know, and offers /contacto", () => {
    for (const question of ["¿cuál es la capital de Francia?", "recetas de cocina", "hola", "¿?"]) {
      it(`'${question}'`, async () => {
        expect(await answerTo(question)).toEqual({ answer: BOT_MESSAGES.unknown, sources: [BOT_CONTACT_SOURCE], known: false });
      });
    }

    it("when the best passage holds only half of the question's words ('capital' is ours, 'Francia' is not)", async () => {
      expect((await answerTo("capital")).known).toBe(true);
      expect((await answerTo("capital Francia")).known).toBe(false);
    });
  });

  describe("refuses bad input with a Spanish message, never a 5xx", () => {
    const refused = async (body: unknown, message: string) => {
      const response = await ask(body);
      expect(response.statusCode).toBe(400);
      expect(decodeError(response.json()).message).toBe(message);
    };

    it("a blank, missing or non-text question", async () => {
      await refused({ question: "   " }, BOT_MESSAGES.questionRequired);
      await refused({ question: "" }, BOT_MESSAGES.questionRequired);
      await refused({}, BOT_MESSAGES.questionRequired);
      await refused({ question: 42 }, BOT_MESSAGES.questionRequired);
    });

    it("a question over 300 characters (counted after trimming)", async () => {
      await refused({ question: "¿".padEnd(BOT_QUESTION_MAX_LENGTH + 1, "a") }, BOT_MESSAGES.questionTooLong);
      expect((await ask({ question: ` ${"a".repeat(BOT_QUESTION_MAX_LENGTH)} ` })).statusCode).toBe(200);
    });

    it("a NUL character", async () => {
      await refused({ question: "plan\u0000Impulsa" }, INPUT_MESSAGES.nulCharacter);
    });

    it("something that is not JSON", async () => {
      const response = await app.inject({ method: "POST", url: "/api/bot/answers", headers: { "content-type": "text/plain" }, payload: "¿precio?" });
      expect(response.statusCode).toBe(415);
      expect(decodeError(response.json()).message).toMatch(/^El tipo de contenido no es compatible/);
    });
  });

  describe("the chat page the /puente-bot frame shows", () => {
    it("is a labelled form under its own tight CSP, whose hashes allow exactly its style and script", async () => {
      const response = await page();
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      const html = response.body;
      expect(html).toMatch(/^<!doctype html>\n<html lang="es-MX">/);
      expect(html).toContain(`<label for="pregunta">${BOT_PAGE_COPY.label}</label>`);
      expect(html).toContain('role="log" aria-live="polite"');
      expect(html).not.toContain("autofocus");
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain("unsafe-inline");
      const hashOf = (tag: string) => {
        const body = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)?.[1] ?? "";
        return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
      };
      expect(csp).toContain(`script-src ${hashOf("script")}`);
      expect(csp).toContain(`style-src ${hashOf("style")}`);
      expect(html.match(/<script/g)).toHaveLength(1);
    });

    it("answers a question without JavaScript: the question, the quoted passage and its source, opened in the whole window", async () => {
      const response = await page(`?pregunta=${encodeURIComponent("¿son una institución financiera?")}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div class="turn person"><p class="who">Tú</p><p>¿son una institución financiera?</p></div>');
      expect(response.body).toContain('<blockquote class="answer">Puente no es una institución financiera');
      expect(response.body).toContain(`Fuente: <a href="${termsSection("objeto")}" target="_top">Términos y condiciones: Qué es Puente</a>`);
      // Back in the field for the next question, which starts empty.
      expect(response.body).toMatch(/<input id="pregunta" name="pregunta"[^>]* autofocus>/);
      expect(response.body).not.toMatch(/<input id="pregunta"[^>]* value=/);
    });

    it("offers /contacto when it does not know", async () => {
      const response = await page(`?pregunta=${encodeURIComponent("¿cuál es la capital de Francia?")}`);
      expect(response.body).toContain(`<p class="answer">${BOT_MESSAGES.unknown}</p>`);
      expect(response.body).toContain('Escríbenos: <a href="/contacto" target="_top">Contacto</a>');
    });

    it("says what is wrong with a blank or long question, keeping what was typed", async () => {
      const blank = await page("?pregunta=+++");
      expect(blank.statusCode).toBe(400);
      expect(blank.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(blank.body).toContain(`<p id="pregunta-error" class="error">${BOT_MESSAGES.questionRequired}</p>`);
      expect(blank.body).toContain('aria-invalid="true"');
      const long = await page(`?pregunta=${"a".repeat(BOT_QUESTION_MAX_LENGTH + 1)}`);
      expect(long.statusCode).toBe(400);
      expect(long.body).toContain(BOT_MESSAGES.questionTooLong);
      expect(long.body).toContain(`value="${"a".repeat(BOT_QUESTION_MAX_LENGTH + 1)}"`);
    });

    it("escapes what was typed", async () => {
      const response = await page(`?pregunta=${encodeURIComponent('<script>alert("x")</script> plan')}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; plan");
      expect(response.body.match(/<script/g)).toHaveLength(1);
    });

    it("refuses an absurdly long query before the page, and a NUL, in Spanish", async () => {
      const long = await page(`?pregunta=${"a".repeat(5_000)}`);
      expect(long.statusCode).toBe(400);
      expect(decodeError(long.json()).message).toBe(BOT_MESSAGES.questionTooLong);
      const nul = await page("?pregunta=plan%00");
      expect(nul.statusCode).toBe(400);
      expect(decodeError(nul.json()).message).toBe(INPUT_MESSAGES.nulCharacter);
    });
  });

  describe("the index", () => {
    it("is idempotent, and follows the content: passages and words it no longer has are dropped", async () => {
      const passages = buildPassages(PLANS);
      const counted = async () => ({
        passages: (await handle.db.select({ n: count() }).from(botPassages))[0]?.n,
        words: (await handle.db.select({ n: count() }).from(botTerms))[0]?.n,
      });
      await indexBotPassages(handle.db);
      const full = await counted();
      expect(full.passages).toBe(passages.length);
      await indexBotPassages(handle.db);
      expect(await counted()).toEqual(full);

      const plans = passages.filter((passage) => passage.key.startsWith("plans/"));
      await indexBotPassages(handle.db, plans);
      const fewer = await counted();
      expect(fewer.passages).toBe(plans.length);
      expect(fewer.words).toBeLessThan(full.words ?? 0);
      expect((await answerTo("¿son una institución financiera?")).known).toBe(false);

      await indexBotPassages(handle.db);
      expect(await counted()).toEqual(full);
    });

    it("writes a plan's price from the plan table it is given, so the bot never quotes a stale price", async () => {
      const raised = PLANS.map((plan) => (plan.id === "impulsa_monthly" ? { ...plan, amount_mxn: 12_345 } : plan));
      await indexBotPassages(handle.db, buildPassages(raised));
      try {
        expect((await answerTo("¿cuánto cuesta el plan Impulsa?")).answer).toContain("$12,345 MXN al mes + IVA");
      } finally {
        await indexBotPassages(handle.db);
      }
    });
  });
});
