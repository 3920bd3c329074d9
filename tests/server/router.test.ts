import { Schema } from "effect";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { defineEndpoint } from "../../contracts/endpoint.ts";
import { HttpError, toErrorReply } from "../../server/http/errors.ts";
import { createRouter, fail, HtmlPage, PreEncodedJson, SeeOther, type AccessEnforcer } from "../../server/http/router.ts";

// The router on its own: dispatch on fixed query, the access rule's checks
// and the route's guards, decoding with the declaration's schemas, encoding
// of answers. (Every real endpoint is exercised through the app in the
// other server tests, and every access rule by the authorization matrix.)

const ThingId = Schema.Number.pipe(Schema.int(), Schema.positive(), Schema.brand("ThingId"));
const ThingParams = Schema.Struct({
  id: Schema.transform(Schema.String.pipe(Schema.pattern(/^\d{1,6}$/, { message: () => "Id inválido" })), ThingId, {
    strict: true,
    decode: Number,
    encode: String,
  }),
});
const Thing = Schema.Struct({ id: Schema.Int, name: Schema.String });

const publicThing = defineEndpoint({ method: "GET", path: "/things/:id", summary: "public", access: { who: "anyone" }, params: ThingParams, response: Thing });
const ownerThing = defineEndpoint({
  method: "GET",
  path: "/things/:id",
  fixedQuery: { view: "owner" },
  summary: "owner",
  access: { who: "signedIn" },
  params: ThingParams,
  response: Schema.Struct({ id: Schema.Int, name: Schema.String, secret: Schema.String }),
  errors: { gone: { status: 410, message: "Ya no existe." } },
});
const createThing = defineEndpoint({
  method: "POST",
  path: "/things",
  summary: "create",
  access: { who: "anyone" },
  body: Schema.Struct({ name: Schema.String.pipe(Schema.minLength(1, { message: () => "Falta el nombre" })) }),
  response: Thing,
  status: 201,
});
const rawThings = defineEndpoint({ method: "GET", path: "/raw", summary: "raw", access: { who: "anyone" }, response: Schema.Array(Thing) });
const signedHook = defineEndpoint({ method: "POST", path: "/hook", summary: "raw body", access: { who: "token" }, response: Schema.Struct({ bytes: Schema.Int, text: Schema.String }) });
const page = defineEndpoint({ method: "GET", path: "/page", summary: "html", access: { who: "anyone" }, response: Schema.String });
const form = defineEndpoint({ method: "POST", path: "/form", summary: "form post", access: { who: "anyone" }, response: Schema.String });
// A company's thing: the company is the path's :id, or the body's company_id.
const managedThing = defineEndpoint({
  method: "POST",
  path: "/companies/:id/things",
  summary: "managed",
  access: { who: "companyManager" },
  params: ThingParams,
  body: Schema.Struct({ name: Schema.String.pipe(Schema.minLength(1, { message: () => "Falta el nombre" })) }),
  response: Thing,
  status: 201,
});
const managedByBody = defineEndpoint({
  method: "POST",
  path: "/things/finish",
  summary: "managed, the company in the body",
  access: { who: "companyManager", companyId: "body" },
  body: Schema.Struct({ company_id: Schema.Int }),
  response: Schema.Struct({ company_id: Schema.Int }),
});
const managedUpload = defineEndpoint({
  method: "PUT",
  path: "/companies/:id/picture",
  summary: "managed upload",
  access: { who: "companyManager" },
  params: ThingParams,
  multipart: { fields: Schema.Struct({}), fileField: "file", maxFiles: 1, maxFileBytes: 1024 },
  response: Schema.Struct({ bytes: Schema.Int }),
});

/**
 * A stand-in for server/auth/authz.ts: "Bearer ok" is an active account,
 * which manages company 7 and no other. What ran is recorded in `checks`.
 */
let checks: string[] = [];
const access: AccessEnforcer = {
  accessGuard: (endpoint) =>
    endpoint.access.who === "anyone" || endpoint.access.who === "token"
      ? null
      : async (request) => {
          checks.push(`caller (${endpoint.access.who})`);
          if (request.headers.authorization !== "Bearer ok") throw new HttpError(401, "Inicia sesión");
        },
  assertCompanyAccess: async (_request, companyId) => {
    checks.push(`company ${companyId}`);
    if (companyId !== 7) throw new HttpError(404, "La empresa no existe.");
  },
};
const signedIn = { authorization: "Bearer ok" };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  checks = [];
});

async function serve(configure: (router: ReturnType<typeof createRouter>) => void): Promise<FastifyInstance> {
  const router = createRouter(access);
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
  it("dispatches on the fixed query, runs only the chosen variant's access checks and guards, and drops undeclared keys", async () => {
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
            async () => {
              calls.push("owner's guard");
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
    expect(calls).toEqual(["public 7", "owner's guard", "owner 7", "public 7"]);
    expect(checks).toEqual(["caller (signedIn)", "caller (signedIn)"]);
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
    const gone = await server.inject({ method: "GET", url: "/api/things/1?view=owner", headers: signedIn });
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
    expect(() => createRouter(access).serve(createThing, { rawBody: true }, async () => ({ id: 1, name: "x" }))).toThrow("raw body");
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

  it("answers every refusal of a browserTab endpoint with its page: the handler's, a param the schema refuses, a guard's, an unexpected failure", async () => {
    const tab = defineEndpoint({ method: "GET", path: "/tab/:id", summary: "opened in a tab", access: { who: "token" }, params: ThingParams, response: Schema.Unknown, browserTab: true });
    const errorPage = ({ statusCode, message }: { statusCode: number; message: string }) => new HtmlPage(`<!doctype html><p>${statusCode}: ${message}</p>`, statusCode);
    const server = await serve((router) => {
      router.serve(tab, { errorPage, guards: [
            async (request) => {
              if (request.headers["x-limit"] === "1") throw new HttpError(429, "Espera un momento");
            },
          ],
        }, async ({ params }) => {
        if (params.id === 1) return new HtmlPage("<!doctype html><p>La del handler</p>", 410);
        if (params.id === 2) throw new Error("boom");
        return new HtmlPage("<!doctype html><p>Bien</p>");
      });
    });
    const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: "GET", url, headers });
    const expectPage = (answer: Awaited<ReturnType<typeof get>>, status: number, text: string) => {
      expect(answer.statusCode).toBe(status);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.body).toContain(text);
    };
    expectPage(await get("/api/tab/1"), 410, "La del handler");
    expectPage(await get("/api/tab/abc"), 400, "400: Id inválido");
    expectPage(await get("/api/tab/3", { "x-limit": "1" }), 429, "429: Espera un momento");
    const failed = await get("/api/tab/2");
    expectPage(failed, 500, "500: ");
    expect(failed.body).not.toContain("boom");
    expectPage(await get("/api/tab/3"), 200, "Bien");
    // A browserTab endpoint without its page, or a page for an endpoint the app fetches, does not start.
    expect(() => createRouter(access).serve(tab, {}, async () => new HtmlPage(""))).toThrow("errorPage");
    expect(() => createRouter(access).serve(publicThing, { errorPage }, async () => ({ id: 1, name: "x" }))).toThrow("errorPage");
  });

  it("refuses to serve the same endpoint twice", () => {
    const router = createRouter(access);
    router.serve(publicThing, {}, async () => ({ id: 1, name: "x" }));
    expect(() => router.serve(publicThing, {}, async () => ({ id: 1, name: "x" }))).toThrow("served twice");
  });

  it("runs the access rule's checks of the caller first, then the route's guards, then decodes, then checks a managed company", async () => {
    let ran = 0;
    const server = await serve((router) => {
      router.serve(
        managedThing,
        {
          guards: [
            async () => {
              checks.push("route's guard");
            },
          ],
        },
        async ({ params, body }) => {
          ran += 1;
          return { id: params.id, name: body.name };
        },
      );
    });
    const call = (company: number, name: string, headers: Record<string, string> = signedIn) =>
      server.inject({ method: "POST", url: `/api/companies/${company}/things`, headers, payload: { name } });

    expect((await call(7, "Cosa", {})).statusCode).toBe(401);
    expect(checks).toEqual(["caller (companyManager)"]);
    checks = [];
    // A bad body is refused before the company is looked up; then someone else's company is a 404.
    expect((await call(8, "")).json()).toEqual({ message: "Falta el nombre" });
    expect(checks).toEqual(["caller (companyManager)", "route's guard"]);
    checks = [];
    expect((await call(8, "Cosa")).statusCode).toBe(404);
    expect(ran).toBe(0);
    const created = await call(7, "Cosa");
    expect(created.statusCode).toBe(201);
    expect(checks).toEqual(["caller (companyManager)", "route's guard", "company 8", "caller (companyManager)", "route's guard", "company 7"]);
    expect(ran).toBe(1);
  });

  it("finds a managed company in the body when the rule says so, and checks it before reading an upload", async () => {
    const server = await serve((router) => {
      router.serve(managedByBody, {}, async ({ body }) => ({ company_id: body.company_id }));
      router.serve(managedUpload, {}, async ({ files }) => ({ bytes: files[0]?.bytes.length ?? 0 }));
    });
    expect((await server.inject({ method: "POST", url: "/api/things/finish", headers: signedIn, payload: { company_id: 8 } })).statusCode).toBe(404);
    expect((await server.inject({ method: "POST", url: "/api/things/finish", headers: signedIn, payload: { company_id: 7 } })).json()).toEqual({ company_id: 7 });
    // A file over the limit: the stranger's is refused by its company, unread (404); the manager's is read, and is too large (413).
    const tooLarge = (company: number) =>
      server.inject({
        method: "PUT",
        url: `/api/companies/${company}/picture`,
        headers: { ...signedIn, "content-type": "multipart/form-data; boundary=x" },
        payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${"a".repeat(2048)}\r\n--x--\r\n`,
      });
    expect((await tooLarge(8)).statusCode).toBe(404);
    expect((await tooLarge(7)).statusCode).toBe(413);
    expect(checks).toEqual(["caller (companyManager)", "company 8", "caller (companyManager)", "company 7", "caller (companyManager)", "company 8", "caller (companyManager)", "company 7"]);
  });

  it("refuses a companyManager rule that has nowhere to find its company", () => {
    const noCompany = defineEndpoint({
      method: "GET",
      path: "/things",
      summary: "no company",
      // @ts-expect-error a rule about the path's company needs an :id in the path
      access: { who: "companyManager" },
      response: Thing,
    });
    expect(() => createRouter(access).serve(noCompany, {}, async () => ({ id: 1, name: "x" }))).toThrow("needs the company's :id");
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
