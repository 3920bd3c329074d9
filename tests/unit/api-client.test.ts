import { Schema } from "effect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defineEndpoint } from "../../contracts/endpoint.ts";
import { AUTH_MESSAGES } from "../../contracts/errors.ts";
import {
  ApiError,
  BAD_REQUEST_FALLBACK_MESSAGE,
  callEndpoint,
  configureApi,
  GENERIC_ERROR_MESSAGE,
  openEventStream,
  serverMessageOf,
  userMessageOf,
} from "../../src/lib/api-client.ts";

// The one API client (src/lib/api-client.ts) and the message every error
// toast shows (src/lib/toast.ts through userMessageOf): a person reads our
// server's Spanish message or spec section 8's generic one, never a proxy's
// page, an English status text or a network error's wording.

const thing = defineEndpoint({ method: "GET", path: "/things", summary: "a probe", access: { who: "anyone" }, response: Schema.Struct({ id: Schema.Int }) });

const JSON_TYPE = "application/json; charset=utf-8";
const answer = (status: number, text: string, contentType: string | null = JSON_TYPE) =>
  new Response(text, { status, headers: contentType === null ? {} : { "content-type": contentType } });

const failureOf = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`not an ApiError: ${String(error)}`, { cause: error });
  }
  throw new Error("the call succeeded");
};

describe("serverMessageOf: only our server's { message } is shown", () => {
  it("takes the message of a JSON { message }, trimmed", () => {
    expect(serverMessageOf({ contentType: JSON_TYPE, text: JSON.stringify({ message: " Ya existe una cuenta con ese email. " }) })).toBe("Ya existe una cuenta con ese email.");
    expect(serverMessageOf({ contentType: "application/problem+json", text: JSON.stringify({ message: "La empresa no existe." }) })).toBe("La empresa no existe.");
  });

  it("refuses proxy pages, text bodies, English status texts, a framework's default error and empty or odd bodies", () => {
    const refused = [
      { contentType: "text/html; charset=utf-8", text: "<html><body><h1>502 Bad Gateway</h1></body></html>" },
      { contentType: "text/plain", text: "Internal Server Error" },
      // JSON by its text but not by its type: a page that happens to parse does not count.
      { contentType: "text/html", text: JSON.stringify({ message: "Algo en español" }) },
      { contentType: null, text: JSON.stringify({ message: "Algo en español" }) },
      { contentType: JSON_TYPE, text: JSON.stringify({ message: "Internal Server Error" }) },
      { contentType: JSON_TYPE, text: JSON.stringify({ message: "Bad Gateway." }) },
      { contentType: JSON_TYPE, text: JSON.stringify({ message: "service unavailable" }) },
      { contentType: JSON_TYPE, text: JSON.stringify({ statusCode: 500, error: "Internal Server Error", message: "Cannot read properties of undefined" }) },
      { contentType: JSON_TYPE, text: JSON.stringify({ message: "   " }) },
      { contentType: JSON_TYPE, text: JSON.stringify({ message: 42 }) },
      { contentType: JSON_TYPE, text: JSON.stringify(["message"]) },
      { contentType: JSON_TYPE, text: "{ not json" },
      { contentType: JSON_TYPE, text: "" },
    ];
    for (const raw of refused) expect(serverMessageOf(raw), JSON.stringify(raw)).toBeNull();
  });
});

describe("callEndpoint's errors", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();
  const onDeactivated = vi.fn();

  beforeEach(() => {
    vi.spyOn(globalThis, "fetch").mockImplementation(fetchMock);
    configureApi({ baseUrl: "http://api.test/api", getToken: () => "token", onUnauthorized, onDeactivated });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    onDeactivated.mockReset();
    configureApi({ getToken: () => null, onUnauthorized: () => {} });
  });

  const failure = async (response: Response | Error) => {
    if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
    else fetchMock.mockResolvedValueOnce(response);
    return failureOf(callEndpoint(thing));
  };

  it("shows our server's Spanish message with its status", async () => {
    const error = await failure(answer(409, JSON.stringify({ message: "Ya existe una cuenta con ese email." })));
    expect([error.status, error.message]).toEqual([409, "Ya existe una cuenta con ese email."]);
  });

  it("shows spec section 8's generic message for a proxy's HTML page, an English text 500, an English JSON 500 and an empty 504", async () => {
    expect((await failure(answer(502, "<!doctype html><title>502 Bad Gateway</title>", "text/html"))).message).toBe(GENERIC_ERROR_MESSAGE);
    expect((await failure(answer(500, "Internal Server Error", "text/plain; charset=utf-8"))).message).toBe(GENERIC_ERROR_MESSAGE);
    expect((await failure(answer(500, JSON.stringify({ message: "Internal Server Error" })))).message).toBe(GENERIC_ERROR_MESSAGE);
    expect((await failure(answer(504, "", null))).message).toBe(GENERIC_ERROR_MESSAGE);
    // A 400 without our message: the spec's variant with a full stop.
    const badRequest = await failure(answer(400, "<html>Bad Request</html>", "text/html"));
    expect([badRequest.status, badRequest.message]).toEqual([400, BAD_REQUEST_FALLBACK_MESSAGE]);
  });

  it("a network failure, or a body cut off while it arrives, is status 0 with the generic message", async () => {
    const offline = await failure(new TypeError("Failed to fetch"));
    expect([offline.status, offline.message]).toEqual([0, GENERIC_ERROR_MESSAGE]);
    const cut = new ReadableStream({ start: (controller) => controller.error(new TypeError("network error")) });
    const broken = await failure(new Response(cut, { status: 200, headers: { "content-type": JSON_TYPE } }));
    expect([broken.status, broken.message]).toEqual([0, GENERIC_ERROR_MESSAGE]);
  });

  it("tells the session about a 401, and about a deactivated account when a 401 or 403 says so", async () => {
    await failure(answer(401, JSON.stringify({ message: AUTH_MESSAGES.invalidSession })));
    expect([onUnauthorized.mock.calls.length, onDeactivated.mock.calls.length]).toEqual([1, 0]);
    await failure(answer(403, JSON.stringify({ message: AUTH_MESSAGES.forbidden })));
    expect(onDeactivated).not.toHaveBeenCalled();
    const deactivated = await failure(answer(403, JSON.stringify({ message: AUTH_MESSAGES.deactivated })));
    expect(deactivated.message).toBe(AUTH_MESSAGES.deactivated);
    expect([onUnauthorized.mock.calls.length, onDeactivated.mock.calls.length]).toEqual([1, 1]);
    // A session the deactivation ended: a 401 that says why, told as a deactivation.
    await failure(answer(401, JSON.stringify({ message: AUTH_MESSAGES.deactivated })));
    expect([onUnauthorized.mock.calls.length, onDeactivated.mock.calls.length]).toEqual([1, 2]);
  });

  it("the live stream's refusal tells the session exactly as a call's does: a deactivation is told as one", async () => {
    const stream = defineEndpoint({ method: "GET", path: "/events", summary: "a probe stream", access: { who: "signedIn" }, eventStream: true, response: Schema.Struct({ kind: Schema.String }) });
    const open = (response: Response) => {
      fetchMock.mockResolvedValueOnce(response);
      return openEventStream(stream, new AbortController().signal);
    };
    expect((await open(answer(401, JSON.stringify({ message: AUTH_MESSAGES.deactivated })))).status).toBe(401);
    expect([onUnauthorized.mock.calls.length, onDeactivated.mock.calls.length]).toEqual([0, 1]);
    await open(answer(401, JSON.stringify({ message: AUTH_MESSAGES.invalidSession })));
    expect([onUnauthorized.mock.calls.length, onDeactivated.mock.calls.length]).toEqual([1, 1]);
    await open(answer(403, JSON.stringify({ message: AUTH_MESSAGES.deactivated })));
    expect([onUnauthorized.mock.calls.length, onDeactivated.mock.calls.length]).toEqual([1, 2]);
  });

  it("a success that is not the contract's (an HTML page answered 200) is the generic message", async () => {
    const error = await failure(answer(200, "<!doctype html><html></html>", "text/html"));
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
  });
});

describe("userMessageOf: what an error toast says", () => {
  it("says an API error's message, and the generic one for anything else", () => {
    expect(userMessageOf(new ApiError(409, "Ya existe una cuenta con ese email."))).toBe("Ya existe una cuenta con ese email.");
    expect(userMessageOf(new ApiError(500, " "))).toBe(GENERIC_ERROR_MESSAGE);
    expect(userMessageOf(new TypeError("Failed to fetch dynamically imported module"))).toBe(GENERIC_ERROR_MESSAGE);
    expect(userMessageOf("Internal Server Error")).toBe(GENERIC_ERROR_MESSAGE);
  });
});
