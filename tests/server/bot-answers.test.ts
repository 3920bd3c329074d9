import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELLER_JOURNEY } from "../../content/journeys.ts";
import { BotAnswer } from "../../contracts/bot.ts";
import { buildApp } from "../../server/app.ts";
import { bestPassage } from "../../server/bot/answer.ts";
import { indexBotPassages } from "../../server/bot/index-passages.ts";
import { buildPassages } from "../../server/bot/passages.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { PLANS } from "../../server/payments/plans.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

/**
 * Puente Bot's judgments (docs/decisions/035): real questions people ask,
 * as they type them (with and without accents, informal, a typo or two),
 * and the passage each must be answered with. Search quality tested like
 * code: a ranking change that loses one of these fails here, whatever it
 * gains elsewhere. The ranking is general (field weights, word rarity,
 * synonyms, framing words: server/bot/ranking.ts, question-words.ts); no
 * question below is special-cased anywhere.
 */
const JUDGMENTS: ReadonlyArray<{ readonly topic: string; readonly question: string; readonly passage: string }> = [
  // Prices and plans
  { topic: "prices", question: "¿Cuánto cuesta usar Puente?", passage: "faq/puente/1" },
  { topic: "prices", question: "cuanto cuesta publicar mi empresa", passage: "faq/puente/1" },
  { topic: "prices", question: "precio del plan impulsa", passage: "plans/Impulsa" },
  { topic: "prices", question: "cuanto cuesta el plan inpulsa", passage: "plans/Impulsa" },
  { topic: "prices", question: "cuanto cuesta una valuacion profesional", passage: "services/valuacion" },
  { topic: "prices", question: "cuánto cuesta el CFO virtual", passage: "services/cfo-virtual" },
  { topic: "plans", question: "¿Qué planes ofrecen?", passage: "plans/overview" },
  { topic: "plans", question: "que planes manejan", passage: "plans/overview" },
  { topic: "plans", question: "que incluye el plan explora", passage: "plans/Explora" },
  { topic: "plans", question: "puedo cancelar mi suscripcion", passage: "terms/planes/0" },
  // How buying works
  { topic: "buying", question: "¿Cómo compro una empresa?", passage: "journeys/buyer" },
  { topic: "buying", question: "como funciona comprar un negocio", passage: "journeys/buyer" },
  { topic: "buying", question: "quiero invertir en una empresa, como le hago?", passage: "journeys/buyer" },
  { topic: "buying", question: "que necesito para ver el perfil completo", passage: "faq/comprar/1" },
  { topic: "buying", question: "que es una carta de intencion", passage: "faq/comprar/2" },
  { topic: "buying", question: "¿Puedo invertir desde el extranjero?", passage: "faq/comprar/3" },
  // How selling works
  { topic: "selling", question: "como funciona vender mi empresa", passage: "journeys/seller" },
  { topic: "selling", question: "¿Cómo vendo mi empresa?", passage: "journeys/seller" },
  { topic: "selling", question: "quiero vender mi negocio", passage: "journeys/seller" },
  { topic: "selling", question: "cuanto tarda vender una empresa", passage: "faq/vender/0" },
  { topic: "selling", question: "puedo vender solo una parte", passage: "faq/vender/3" },
  { topic: "selling", question: "que documentos necesito para publicar mi empresa", passage: "faq/vender/2" },
  { topic: "selling", question: "como levanto capital para mi negocio", passage: "journeys/funding-round" },
  // Verification
  { topic: "verification", question: "¿Qué es el KYB?", passage: "terms/verificacion/0" },
  { topic: "verification", question: "como verifican a las empresas", passage: "terms/verificacion/0" },
  { topic: "verification", question: "las empresas son reales?", passage: "faq/comprar/0" },
  // Confidentiality
  { topic: "confidentiality", question: "mis datos son confidenciales?", passage: "faq/vender/1" },
  { topic: "confidentiality", question: "¿los compradores ven el nombre de mi empresa?", passage: "faq/vender/1" },
  { topic: "confidentiality", question: "es anonimo publicar mi empresa", passage: "faq/vender/1" },
  // Valuation
  { topic: "valuation", question: "¿Cuánto vale mi empresa?", passage: "valuation/tool" },
  { topic: "valuation", question: "como funciona la valuación gratuita", passage: "valuation/tool" },
  { topic: "valuation", question: "como se calcula el valor de una empresa", passage: "faq/financiamiento/1" },
  // Contact
  { topic: "contact", question: "como los contacto", passage: "contact" },
  { topic: "contact", question: "tienen telefono o correo?", passage: "contact" },
  { topic: "contact", question: "quiero hablar con un asesor", passage: "contact" },
];

const decodeAnswer = Schema.decodeUnknownSync(BotAnswer);

describe.each(ONE_TEST_DATABASE)("Puente Bot's judgments on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await indexBotPassages(handle.db);
    app = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, rateLimits: { bot: { max: 10_000, windowMs: 60_000 } } } });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it("name passages that exist, and cover every topic of the brief with 30 questions or more", () => {
    const keys = new Set(buildPassages(PLANS).map((passage) => passage.key));
    for (const judgment of JUDGMENTS) expect(keys, judgment.question).toContain(judgment.passage);
    expect(JUDGMENTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(JUDGMENTS.map((judgment) => judgment.topic))).toEqual(
      new Set(["prices", "plans", "buying", "selling", "verification", "confidentiality", "valuation", "contact"]),
    );
  });

  it.each(JUDGMENTS)("$topic: '$question' → $passage", async ({ question, passage }) => {
    expect((await bestPassage(handle.db, question))?.key ?? "(no sé)").toBe(passage);
  });

  it("'como funciona vender mi empresa', asked on the endpoint, quotes the selling journey, not the funding round", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/bot/answers",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ question: "como funciona vender mi empresa" }),
    });
    expect(response.statusCode).toBe(200);
    const answer = decodeAnswer(response.json());
    expect(answer.known).toBe(true);
    expect(answer.sources).toEqual([{ title: `${SELLER_JOURNEY.page}: ${SELLER_JOURNEY.heading}`, href: `${SELLER_JOURNEY.path}#${SELLER_JOURNEY.anchor}` }]);
  });
});
