import { Schema } from "effect";
import { BOT_ANSWERS_PATH, BOT_PAGE_PATH } from "./bot-page.ts";
import { defineEndpoint } from "./endpoint.ts";
import { boundedText } from "./fields.ts";
import { HtmlPageBody } from "./subscriptions.ts";

/**
 * Puente Bot (issue 14; docs/decisions/020-puente-bot.md): answers a
 * visitor's Spanish question from our own content, quoting the passage and
 * its source, or says plainly it does not know and offers /contacto.
 */

export const BOT_QUESTION_MAX_LENGTH = 300;

export const BOT_MESSAGES = {
  questionRequired: "Escribe tu pregunta.",
  questionTooLong: `Tu pregunta puede tener como máximo ${BOT_QUESTION_MAX_LENGTH} caracteres.`,
  /** The honest answer when nothing in our content matches well enough. */
  unknown:
    "No encontré una respuesta a tu pregunta en nuestro contenido. Escríbenos desde la página de contacto y uno de nuestros expertos te responde en menos de 24 horas.",
} as const;

/** The source the fallback offers. */
export const BOT_CONTACT_SOURCE = { title: "Contacto", href: "/contacto" } as const;

/** Trimmed, not blank, at most 300 characters. */
export const BotQuestion = boundedText(BOT_MESSAGES.questionRequired, BOT_QUESTION_MAX_LENGTH, BOT_MESSAGES.questionTooLong);

export const BotQuestionRequest = Schema.Struct({ question: BotQuestion });
export type BotQuestionRequest = typeof BotQuestionRequest.Type;

/** One slash first, never two or a backslash (which a browser reads as another origin). */
export const SITE_PATH_PATTERN = /^\/(?![/\\])/;
/** A page of ours: a path on this site ("/faq#faq-puente"), never another origin. */
export const SitePath = Schema.String.pipe(Schema.maxLength(200), Schema.pattern(SITE_PATH_PATTERN));

export const BotSource = Schema.Struct({ title: Schema.String, href: SitePath });
export type BotSource = typeof BotSource.Type;

/**
 * `known`: the answer quotes our content (`answer` is the passage, its
 * source first in `sources`); otherwise `answer` is BOT_MESSAGES.unknown
 * and the source is /contacto.
 */
export const BotAnswer = Schema.Struct({
  answer: Schema.String,
  sources: Schema.Array(BotSource),
  known: Schema.Boolean,
});
export type BotAnswer = typeof BotAnswer.Type;

/**
 * The chat page's own form (GET, so it works without JavaScript): the
 * question, if any. Only an absurd length is refused here (a 400 before the
 * page); the page itself says what is wrong with a blank or long question.
 */
export const BotPageQuery = Schema.Struct({
  pregunta: Schema.optional(Schema.String.pipe(Schema.maxLength(4 * BOT_QUESTION_MAX_LENGTH, { message: () => BOT_MESSAGES.questionTooLong }))),
});

/** POST /bot/answers: the answer to one question (the chat page's script calls it). */
export const botAnswerEndpoint = defineEndpoint({
  method: "POST",
  path: BOT_ANSWERS_PATH,
  summary: "Puente Bot: answer a question from our own content (FAQ, services, plans, terms), with its sources; or say it does not know.",
  access: { who: "anyone" },
  body: BotQuestionRequest,
  response: BotAnswer,
});

/** GET /bot: the chat page embedded by /puente-bot (HTML; `?pregunta=` renders the answer without JavaScript). */
export const botPageEndpoint = defineEndpoint({
  method: "GET",
  path: BOT_PAGE_PATH,
  summary: "Puente Bot's chat page (HTML, framed by /puente-bot); with ?pregunta= it renders the answer, so it works without JavaScript.",
  access: { who: "anyone" },
  query: BotPageQuery,
  response: HtmlPageBody,
});

export const BOT_ENDPOINTS = [botPageEndpoint, botAnswerEndpoint] as const;
