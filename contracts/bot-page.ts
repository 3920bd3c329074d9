/**
 * Where Puente Bot lives (docs/decisions/020-puente-bot.md). Effect-free, so
 * the /puente-bot page can embed the chat without loading the schemas;
 * contracts/bot.ts declares the endpoints on these paths.
 */
export const BOT_PAGE_PATH = "/bot";
export const BOT_ANSWERS_PATH = "/bot/answers";

/** Every endpoint is mounted under /api (server/app.ts): the URLs a browser opens. */
export const BOT_PAGE_URL = `/api${BOT_PAGE_PATH}`;
export const BOT_ANSWERS_URL = `/api${BOT_ANSWERS_PATH}`;
