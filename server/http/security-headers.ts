import type { FastifyInstance } from "fastify";

// Inline styles are allowed (the UI library sets style attributes); scripts
// only from our origin. Frames and images may come from https (the chat bot
// page and the video modal embed external frames; media logos are external).
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "SAMEORIGIN");
    reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    return payload;
  });
}
