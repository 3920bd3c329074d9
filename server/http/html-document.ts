import { escapeHtml } from "../mail/mailer.ts";

/**
 * A whole server-rendered page for a browser tab (the local checkout, a
 * receipt, Puente Bot's chat): Spanish (es-MX), a mobile viewport, kept out
 * of search engines, the app's icon (public/favicon.svg, so the browser asks
 * for no /favicon.ico), one inline stylesheet and at most one inline script.
 * `title` is text (escaped here); `body` is HTML its caller has escaped.
 */
export function htmlDocument({ title, style, body, script }: { readonly title: string; readonly style: string; readonly body: string; readonly script?: string }): string {
  return `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${style}</style>
</head>
<body>
${body}
${script === undefined ? "" : `<script>${script}</script>\n`}</body>
</html>
`;
}
