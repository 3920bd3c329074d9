import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getAccessAuditEndpoint } from "../../contracts/seller-analytics.ts";
import { ApiError, callEndpointForBlob, configureApi, filenameOf, GENERIC_ERROR_MESSAGE } from "../../src/lib/api-client.ts";

// callEndpointForBlob (src/lib/api-client.ts): a file answer (the access
// audit's CSV) fetched like every call, with the session's bearer token,
// read as a Blob; a failure is the same ApiError as any call's.

describe("callEndpointForBlob", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    vi.spyOn(globalThis, "fetch").mockImplementation(fetchMock);
    configureApi({ baseUrl: "http://api.test/api", getToken: () => "token", onUnauthorized, onDeactivated: () => {} });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    configureApi({ getToken: () => null, onUnauthorized: () => {} });
  });

  it("sends the bearer token to the declared path and answers the bytes with the server's file name", async () => {
    const csv = "\uFEFFFecha y hora (Ciudad de México),Evento\r\n";
    fetchMock.mockResolvedValueOnce(
      new Response(csv, { status: 200, headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="auditoria-PUE-0007-2026-12-04.csv"' } }),
    );
    const file = await callEndpointForBlob(getAccessAuditEndpoint, { params: { id: 7 } }, "respaldo.csv");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe("http://api.test/api/companies/7/access_audit");
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer token");
    expect(file.filename).toBe("auditoria-PUE-0007-2026-12-04.csv");
    // ignoreBOM: keep the BOM in the decoded text, as the saved file keeps it in its bytes.
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await file.blob.arrayBuffer())).toBe(csv);
  });

  it("falls back to the given name without a usable Content-Disposition", async () => {
    fetchMock.mockResolvedValueOnce(new Response("a\r\n", { status: 200, headers: { "content-type": "text/csv" } }));
    expect((await callEndpointForBlob(getAccessAuditEndpoint, { params: { id: 7 } }, "respaldo.csv")).filename).toBe("respaldo.csv");
    expect(filenameOf('attachment; filename="../x.csv"')).toBeNull();
    expect(filenameOf(null)).toBeNull();
  });

  it("fails with the server's Spanish message, and a 401 ends the session", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: "La empresa no existe." }), { status: 404, headers: { "content-type": "application/json" } }));
    await expect(callEndpointForBlob(getAccessAuditEndpoint, { params: { id: 7 } }, "x.csv")).rejects.toEqual(new ApiError(404, "La empresa no existe."));
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: "Tu sesión expiró." }), { status: 401, headers: { "content-type": "application/json" } }));
    await expect(callEndpointForBlob(getAccessAuditEndpoint, { params: { id: 7 } }, "x.csv")).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    fetchMock.mockRejectedValueOnce(new TypeError("network"));
    await expect(callEndpointForBlob(getAccessAuditEndpoint, { params: { id: 7 } }, "x.csv")).rejects.toEqual(new ApiError(0, GENERIC_ERROR_MESSAGE));
  });
});
