import { Either, Schema } from "effect";
import { BotQuestion, botAnswerEndpoint, botPageEndpoint } from "../../contracts/bot.ts";
import { firstMessage } from "../../contracts/fields.ts";
import type { RouteContext } from "../http/context.ts";
import { HttpError } from "../http/errors.ts";
import { HtmlPage, type Router } from "../http/router.ts";
import { answerQuestion } from "./answer.ts";
import { BOT_PAGE_CSP, botPage } from "./page.ts";

// The same rules as POST /bot/answers' body, applied to the page's form field.
const decodeQuestion = Schema.decodeUnknownEither(Schema.Struct({ question: BotQuestion }));

/**
 * Puente Bot (docs/decisions/020-puente-bot.md): its chat page (framed by
 * /puente-bot) and its answers, public, one `bot` rate-limit bucket per IP
 * for every question asked either way.
 */
export function botRoutes(router: Router, { db, rateLimiter }: RouteContext): void {
  const limit = rateLimiter.guard("bot");

  router.serve(botAnswerEndpoint, { guards: [limit] }, async ({ body }) => answerQuestion(db, body.question));

  const page = (view: Parameters<typeof botPage>[0], status = 200) => new HtmlPage(botPage(view), status, { "Content-Security-Policy": BOT_PAGE_CSP });

  router.serve(botPageEndpoint, {}, async ({ query, request, reply }) => {
    const question = query.pregunta;
    if (question === undefined) return page({});
    const decoded = decodeQuestion({ question });
    if (Either.isLeft(decoded)) return page({ question, error: firstMessage(decoded.left) }, 400);
    try {
      await limit(request, reply);
    } catch (error) {
      // Said on the page, like any other refusal of the form (the guard has set Retry-After).
      if (error instanceof HttpError) return page({ question, error: error.message }, error.statusCode);
      throw error;
    }
    return page({ question, answer: await answerQuestion(db, decoded.right.question) });
  });
}
