import { escapeHtml } from "../mail/mailer.ts";
import { htmlDocument } from "./html-document.ts";

/**
 * A page that tells a person in a browser tab what happened and what to do
 * next (a data-room file link that no longer opens): a heading, the
 * sentence that says what happened, the next step, and the links that lead
 * there, the first one the main action. No script; every value escaped. It
 * keeps the app-wide security headers (server/http/security-headers.ts).
 */

export interface MessagePageLink {
  /** A path of the app ("/compra-una-empresa"): the page is served by our origin. */
  readonly href: string;
  readonly label: string;
}

export interface MessagePageView {
  readonly title: string;
  /** What happened, in one sentence. */
  readonly message: string;
  /** What the person can do now. */
  readonly next?: string;
  readonly links: ReadonlyArray<MessagePageLink>;
}

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c2430; background: #f4f6f9; }
body { margin: 0; padding: 2rem 1rem; }
main { max-width: 34rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 4px rgb(0 0 0 / 12%); }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
.brand { font-weight: 700; color: #0b4f8a; letter-spacing: .02em; margin: 0 0 1.5rem; }
.next { color: #4a5565; }
ul { list-style: none; display: flex; flex-wrap: wrap; gap: .75rem; padding: 0; margin: 1.5rem 0 0; }
a { display: inline-block; font-weight: 600; padding: .75rem 1.25rem; border-radius: 8px; border: 2px solid #0b4f8a; color: #0b4f8a; text-decoration: none; }
li:first-child a { background: #0b4f8a; color: #fff; }
a:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
`;

export function messagePage(view: MessagePageView): string {
  const links = view.links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`).join("\n");
  return htmlDocument({
    title: `${view.title} · Puente`,
    style: STYLE,
    body: `<main>
<p class="brand">Puente</p>
<h1>${escapeHtml(view.title)}</h1>
<p>${escapeHtml(view.message)}</p>
${view.next === undefined ? "" : `<p class="next">${escapeHtml(view.next)}</p>\n`}${links === "" ? "" : `<nav aria-label="Qué puedes hacer ahora">\n<ul>\n${links}\n</ul>\n</nav>`}
</main>`,
  });
}
