import { Schema } from "effect";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { defineEndpoint } from "../../contracts/endpoint.ts";
import { HttpError, toErrorReply } from "../../server/http/errors.ts";
import { createRouter, fail, HtmlPage, PreEncodedJson, SeeOther } from "../../server/http/router.ts";

// The router on its own: dispatch on fixed query, guards, decoding with the
// declaration's schemas, encoding of answers. (Every real endpoint is
// exercised through the app in the other server tests.)

const ThingId = Schema.Number.pipe(Schema.int(), Schema.positive(), Schema.brand("ThingId"));
const ThingParams = Schema.Struct({
  id: Schema.transform(Schema.String.pipe(Schema.pattern(/^\d{1,6}$/, { message: () => "Id inválido" })), ThingId, {
    strict: true,
    decode: Number,
    encode: String,
  }),
});
const Thing = Schema.Struct({ id: Schema.Int, name: Schema.String });

const publicThing = defineEndpoint({ method: "GET", path: "/things/:id", summary: "public", params: ThingParams, response: Thing });
const ownerThing = defineEndpoint({
  method: "GET",
  path: "/things/:id",
  fixedQuery: { view: "owner" },
  summary: "owner",
  params: ThingParams,
  response: Schema.Struct({ id: Schema.Int, name: Schema.String, secret: Schema.String }),
  errors: { gone: { status: 410, message: "Ya no existe." } },
});
const createThing = defineEndpoint({
  method: "POST",
  path: "/things",
  summary: "create",
  body: Schema.Struct({ name: Schema.String.pipe(Schema.minLength(1, { message: () => "Falta el nombre" })) }),
  response: Thing,
  status: 201,
});
const rawThings = defineEndpoint({ method: "GET", path: "/raw", summary: "raw", response: Schema.Array(Thing) });
const signedHook = defineEndpoint({ method: "POST", path: "/hook", summary: "raw body", response: Schema.Struct({ bytes: Schema.Int, text: Schema.String }) });
const page = defineEndpoint({ method: "GET", path: "/page", summary: "html", response: Schema.String });
const form = defineEndpoint({ method: "POST", path: "/form", summary: "form post", response: Schema.String });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(configure: (router: ReturnType<typeof createRouter>) => void): Promise<FastifyInstance> {
  const router = createRouter();
  configure(router);
  app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    const { statusCode, message } = toErrorReply(error);
    return reply.code(statusCode).send({ message });
  });
  await app.register(async (api) => router.mount(api), { prefix: "/api" });
  await app.ready();
  return app;
}

describe("router", () => {
  it("dispatches on the fixed query, runs only the chosen variant's guards, and drops undeclared keys", async () => {
    const calls: string[] = [];
    const server = await serve((router) => {
      router.serve(publicThing, {}, async ({ params }) => {
        calls.push(`public ${params.id}`);
        // A key the public schema does not declare must not reach the client.
        return { id: params.id, name: "Cosa", secret: "no debe salir" };
      });
      router.serve(
        ownerThing,
        {
          guards: [
            async (request) => {
              if (request.headers.authorization !== "Bearer ok") throw new HttpError(401, "Inicia sesión");
            },
          ],
        },
        async ({ params }) => {
          calls.push(`owner ${params.id}`);
          return { id: params.id, name: "Cosa", secret: "visible" };
        },
      );
    });

    const publicAnswer = await server.inject({ method: "GET", url: "/api/things/7" });
    expect(publicAnswer.statusCode).toBe(200);
    expect(publicAnswer.json()).toEqual({ id: 7, name: "Cosa" });

    expect((await server.inject({ method: "GET", url: "/api/things/7?view=owner" })).statusCode).toBe(401);
    const ownerAnswer = await server.inject({ method: "GET", url: "/api/things/7?view=owner", headers: { authorization: "Bearer ok" } });
    expect(ownerAnswer.json()).toEqual({ id: 7, name: "Cosa", secret: "visible" });
    // Any other value of the fixed parameter is the public variant.
    expect((await server.inject({ method: "GET", url: "/api/things/7?view=other" })).json()).toEqual({ id: 7, name: "Cosa" });
    expect(calls).toEqual(["public 7", "owner 7", "public 7"]);
  });

  it("answers 400 with the schema's message for bad params or body, before the handler runs", async () => {
    let ran = false;
    const server = await serve((router) => {
      router.serve(publicThing, {}, async () => {
        ran = true;
        return { id: 1, name: "x" };
      });
      router.serve(createThing, {}, async () => {
        ran = true;
        return { id: 1, name: "x" };
      });
    });
    const badParam = await server.inject({ method: "GET", url: "/api/things/abc" });
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json()).toEqual({ message: "Id inválido" });
    const badBody = await server.inject({ method: "POST", url: "/api/things", payload: { name: "" } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toEqual({ message: "Falta el nombre" });
    expect(ran).toBe(false);
  });

  it("answers the declared success status, the endpoint's error cases, and pre-encoded JSON as is", async () => {
    const server = await serve((router) => {
      router.serve(createThing, {}, async ({ body }) => ({ id: 3, name: body.name }));
      router.serve(ownerThing, {}, async () => {
        throw fail(ownerThing.errors.gone);
      });
      router.serve(rawThings, {}, async () => new PreEncodedJson('[{"id":1,"name":"cache"}]'));
    });
    const created = await server.inject({ method: "POST", url: "/api/things", payload: { name: "Nueva" } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 3, name: "Nueva" });
    const gone = await server.inject({ method: "GET", url: "/api/things/1?view=owner" });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: "Ya no existe." });
    const raw = await server.inject({ method: "GET", url: "/api/raw" });
    expect(raw.headers["content-type"]).toContain("application/json");
    expect(raw.body).toBe('[{"id":1,"name":"cache"}]');
  });

  it("gives a rawBody route the exact bytes of any content type, and only that route", async () => {
    const server = await serve((router) => {
      router.serve(signedHook, { rawBody: true }, async ({ request }) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return { bytes: body.length, text: body.toString("utf8") };
      });
      router.serve(createThing, {}, async ({ body }) => ({ id: 1, name: body.name }));
    });
    // Whitespace and key order survive: a signature over these bytes can be checked.
    const exact = '{ "b":1,\n  "a": 2 }';
    const json = await server.inject({ method: "POST", url: "/api/hook", headers: { "content-type": "application/json" }, payload: exact });
    expect(json.json()).toEqual({ bytes: Buffer.byteLength(exact), text: exact });
    const text = await server.inject({ method: "POST", url: "/api/hook", headers: { "content-type": "text/plain" }, payload: "hola" });
    expect(text.json()).toEqual({ bytes: 4, text: "hola" });
    expect((await server.inject({ method: "POST", url: "/api/hook" })).json()).toEqual({ bytes: 0, text: "" });
    // Every other route keeps its parsers: the catch-all does not leak out of the raw route.
    expect((await server.inject({ method: "POST", url: "/api/things", headers: { "content-type": "application/octet-stream" }, payload: "hola" })).statusCode).toBe(415);
    expect((await server.inject({ method: "POST", url: "/api/things", payload: { name: "Cosa" } })).statusCode).toBe(201);
    expect(() => createRouter().serve(createThing, { rawBody: true }, async () => ({ id: 1, name: "x" }))).toThrow("raw body");
  });

  it("sends HTML pages with their status and answers a form post with 303", async () => {
    const server = await serve((router) => {
      router.serve(page, {}, async () => new HtmlPage("<!doctype html><title>Hola</title>", 404));
      router.serve(form, { rawBody: true }, async () => new SeeOther("/pago-exitoso?session_id=chk_1"));
    });
    const html = await server.inject({ method: "GET", url: "/api/page" });
    expect(html.statusCode).toBe(404);
    expect(html.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(html.headers["cache-control"]).toBe("no-store");
    expect(html.body).toBe("<!doctype html><title>Hola</title>");
    const posted = await server.inject({ method: "POST", url: "/api/form", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "outcome=paid" });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe("/pago-exitoso?session_id=chk_1");
  });

  it("refuses to serve the same endpoint twice", () => {
    const router = createRouter();
    router.serve(publicThing, {}, async () => ({ id: 1, name: "x" }));
    expect(() => router.serve(publicThing, {}, async () => ({ id: 1, name: "x" }))).toThrow("served twice");
  });

  it("answers a handler's out-of-schema answer as a 500, never the bad data", async () => {
    const server = await serve((router) => {
      // @ts-expect-error the handler answers outside its schema on purpose
      router.serve(rawThings, {}, async () => [{ id: "not a number", name: 5 }]);
    });
    const answer = await server.inject({ method: "GET", url: "/api/raw" });
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain("not a number");
  });
});
