import { createHash } from "node:crypto";
import { BOT_MESSAGES, BOT_QUESTION_MAX_LENGTH, type BotAnswer } from "../../contracts/bot.ts";
import { BOT_ANSWERS_URL, BOT_PAGE_URL } from "../../contracts/bot-page.ts";
import { htmlDocument } from "../http/html-document.ts";
import { escapeHtml } from "../mail/mailer.ts";

/**
 * Puente Bot's chat page, framed by /puente-bot
 * (docs/decisions/020-puente-bot.md). It works without JavaScript: the
 * form is a GET of this page, which renders the answer. A small script,
 * allowed by its hash only, answers in place instead (POST /api/bot/answers)
 * and keeps the conversation. Every value is escaped; the page's own CSP
 * allows nothing else.
 */

export const BOT_PAGE_COPY = {
  title: "Puente Bot",
  heading: "Pregúntale a Puente Bot",
  intro:
    "Respondo con lo que dicen nuestras páginas: preguntas frecuentes, planes y precios, servicios, cómo comprar y vender, la valuación gratuita, términos y privacidad. Siempre te digo de dónde sale la respuesta.",
  greeting: "Hola, soy Puente Bot. ¿En qué te ayudo?",
  log: "Conversación",
  label: "Tu pregunta",
  hint: "Por ejemplo: ¿Cuánto cuesta el plan Impulsa?",
  submit: "Preguntar",
  you: "Tú",
  bot: "Puente Bot",
  source: "Fuente:",
  contact: "Escríbenos:",
  failed: "No pudimos responder en este momento. Intenta de nuevo.",
} as const;

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c2430; background: #fff; }
* { box-sizing: border-box; }
body { margin: 0; }
main { display: flex; flex-direction: column; gap: .75rem; height: 100vh; padding: 1rem; }
h1 { font-size: 1.25rem; margin: 0; }
.intro, .hint { margin: 0; color: #4a5565; font-size: .9375rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
#conversacion { flex: 1; min-height: 8rem; overflow-y: auto; display: flex; flex-direction: column; gap: .75rem; padding: .75rem; border: 1px solid #d7dce3; border-radius: 12px; background: #f4f6f9; }
.turn { max-width: 85%; padding: .625rem .875rem; border-radius: 12px; background: #fff; border: 1px solid #d7dce3; }
.turn p, .turn blockquote { margin: .25rem 0 0; white-space: pre-line; }
.turn.person { align-self: flex-end; background: #e3edf8; border-color: #b9cde6; }
.who { margin: 0; font-weight: 700; font-size: .8125rem; color: #0b4f8a; }
blockquote { padding-left: .75rem; border-left: 3px solid #0b4f8a; }
.source { font-size: .9375rem; }
form { display: grid; grid-template-columns: 1fr auto; gap: .25rem .5rem; align-items: end; }
label { grid-column: 1 / -1; font-weight: 600; }
input { font: inherit; padding: .625rem .75rem; border: 1px solid #6b7686; border-radius: 8px; min-width: 0; }
input[aria-invalid="true"] { border-color: #b42318; }
button { font: inherit; font-weight: 600; padding: .625rem 1.25rem; border-radius: 8px; border: 2px solid #0b4f8a; background: #0b4f8a; color: #fff; cursor: pointer; }
.hint, .error { grid-column: 1 / -1; }
.error { margin: 0; color: #b42318; font-weight: 600; }
a { color: #0b4f8a; }
input:focus-visible, button:focus-visible, a:focus-visible, #conversacion:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
`;

// Reads the form's data attributes (the endpoint, the messages): nothing in it depends on the request, so its hash is fixed.
const SCRIPT = `
(function () {
  var form = document.getElementById("pregunta-form");
  var input = document.getElementById("pregunta");
  var error = document.getElementById("pregunta-error");
  var log = document.getElementById("conversacion");
  var copy = JSON.parse(form.getAttribute("data-copy"));
  var max = Number(input.getAttribute("maxlength"));
  var pending = false;
  function node(tag, className, text) {
    var element = document.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined) element.textContent = text;
    return element;
  }
  function turn(who, kind) {
    var element = node("div", "turn " + kind);
    element.appendChild(node("p", "who", who));
    log.appendChild(element);
    return element;
  }
  function showError(text) {
    error.textContent = text;
    error.hidden = false;
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
  function clearError() {
    error.textContent = "";
    error.hidden = true;
    input.removeAttribute("aria-invalid");
  }
  function answer(reply) {
    var element = turn(copy.bot, "bot");
    element.appendChild(node(reply.known ? "blockquote" : "p", "answer", reply.answer));
    reply.sources.forEach(function (source) {
      var line = node("p", "source", (reply.known ? copy.source : copy.contact) + " ");
      var link = node("a", "", source.title);
      link.href = source.href;
      link.target = "_top";
      line.appendChild(link);
      element.appendChild(line);
    });
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (pending) return;
    var question = input.value.trim();
    if (question === "") return showError(copy.required);
    if (question.length > max) return showError(copy.tooLong);
    clearError();
    pending = true;
    log.setAttribute("aria-busy", "true");
    fetch(form.getAttribute("data-answers"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ question: question })
    })
      .then(function (response) {
        return response.json().then(
          function (body) { return { ok: response.ok, body: body }; },
          function () { return { ok: false, body: null }; }
        );
      })
      .then(function (result) {
        if (!result.ok) return showError(result.body && typeof result.body.message === "string" ? result.body.message : copy.failed);
        turn(copy.you, "person").appendChild(node("p", "", question));
        answer(result.body);
        input.value = "";
        log.scrollTop = log.scrollHeight;
        input.focus();
      })
      .catch(function () { showError(copy.failed); })
      .then(function () {
        pending = false;
        log.removeAttribute("aria-busy");
      });
  });
})();
`;

const sha256 = (text: string): string => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * Only this page's own style and script (by hash), calls to our API, its
 * form to itself, framed only by our pages. No images but our own icon
 * (htmlDocument links /favicon.svg), no fonts, plugins or other frames.
 */
export const BOT_PAGE_CSP = [
  "default-src 'none'",
  "img-src 'self'",
  `script-src ${sha256(SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join("; ");

export interface BotPageView {
  /** The question asked through the form (no JavaScript), as typed. */
  readonly question?: string;
  /** Its answer, when it was valid. */
  readonly answer?: BotAnswer;
  /** Why it was refused (blank, too long, too many). */
  readonly error?: string;
}

const turn = (who: string, kind: "bot" | "person", body: string): string =>
  `<div class="turn ${kind}"><p class="who">${escapeHtml(who)}</p>${body}</div>`;

function answerTurn(answer: BotAnswer): string {
  const text = answer.known
    ? `<blockquote class="answer">${escapeHtml(answer.answer)}</blockquote>`
    : `<p class="answer">${escapeHtml(answer.answer)}</p>`;
  const sources = answer.sources
    .map(
      (source) =>
        `<p class="source">${escapeHtml(answer.known ? BOT_PAGE_COPY.source : BOT_PAGE_COPY.contact)} <a href="${escapeHtml(source.href)}" target="_top">${escapeHtml(source.title)}</a></p>`,
    )
    .join("");
  return turn(BOT_PAGE_COPY.bot, "bot", text + sources);
}

/** The page: a greeting, the question and answer just asked (without JavaScript), the form. */
export function botPage(view: BotPageView = {}): string {
  const { question, answer } = view;
  const turns = [
    turn(BOT_PAGE_COPY.bot, "bot", `<p>${escapeHtml(BOT_PAGE_COPY.greeting)}</p>`),
    ...(answer !== undefined && question !== undefined
      ? [turn(BOT_PAGE_COPY.you, "person", `<p>${escapeHtml(question.trim())}</p>`), answerTurn(answer)]
      : []),
  ].join("\n");
  const copy = JSON.stringify({
    required: BOT_MESSAGES.questionRequired,
    tooLong: BOT_MESSAGES.questionTooLong,
    failed: BOT_PAGE_COPY.failed,
    you: BOT_PAGE_COPY.you,
    bot: BOT_PAGE_COPY.bot,
    source: BOT_PAGE_COPY.source,
    contact: BOT_PAGE_COPY.contact,
  });
  const invalid = view.error === undefined ? "" : ` aria-invalid="true"`;
  // A refused question stays in the field to correct; an answered one leaves it empty for the next.
  const value = view.error !== undefined && view.question !== undefined ? ` value="${escapeHtml(view.question)}"` : "";
  // Only after this page's own form was used: on first load the focus stays in the page that frames it.
  const autofocus = view.question === undefined ? "" : " autofocus";
  return htmlDocument({
    title: BOT_PAGE_COPY.title,
    style: STYLE,
    script: SCRIPT,
    body: `<main aria-labelledby="bot-titulo">
<h1 id="bot-titulo">${escapeHtml(BOT_PAGE_COPY.heading)}</h1>
<p class="intro">${escapeHtml(BOT_PAGE_COPY.intro)}</p>
<h2 id="conversacion-titulo" class="visually-hidden">${escapeHtml(BOT_PAGE_COPY.log)}</h2>
<div id="conversacion" role="log" aria-live="polite" aria-labelledby="conversacion-titulo" tabindex="0">
${turns}
</div>
<form id="pregunta-form" method="get" action="${escapeHtml(BOT_PAGE_URL)}" novalidate data-answers="${escapeHtml(BOT_ANSWERS_URL)}" data-copy="${escapeHtml(copy)}">
<label for="pregunta">${escapeHtml(BOT_PAGE_COPY.label)}</label>
<input id="pregunta" name="pregunta" type="text" maxlength="${BOT_QUESTION_MAX_LENGTH}" autocomplete="off" aria-describedby="pregunta-ayuda pregunta-error"${invalid}${value}${autofocus}>
<button type="submit">${escapeHtml(BOT_PAGE_COPY.submit)}</button>
<p id="pregunta-ayuda" class="hint">${escapeHtml(BOT_PAGE_COPY.hint)}</p>
<p id="pregunta-error" class="error"${view.error === undefined ? " hidden" : ""}>${escapeHtml(view.error ?? "")}</p>
</form>
</main>`,
  });
}
