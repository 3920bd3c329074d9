import { describe, expect, it } from "vitest";
import { ACCESS_AUDIT_MESSAGES } from "../../../contracts/seller-analytics.ts";
import { ApiError, GENERIC_ERROR_MESSAGE } from "../../../src/lib/api-error.ts";
import { accessAuditFailureMessage } from "../../../src/features/seller-analytics/api/download-access-audit.ts";

// The toast of a failed 'Descargar auditoría (CSV)' (decision 049): always Spanish.
describe("accessAuditFailureMessage", () => {
  it("says the server's message, or the download's own for a generic failure or anything else", () => {
    expect(accessAuditFailureMessage(new ApiError(429, ACCESS_AUDIT_MESSAGES.tooMany))).toBe(ACCESS_AUDIT_MESSAGES.tooMany);
    expect(accessAuditFailureMessage(new ApiError(404, "La empresa no existe."))).toBe("La empresa no existe.");
    expect(accessAuditFailureMessage(new ApiError(0, GENERIC_ERROR_MESSAGE))).toBe(ACCESS_AUDIT_MESSAGES.downloadFailed);
    expect(accessAuditFailureMessage(new Error("boom"))).toBe(ACCESS_AUDIT_MESSAGES.downloadFailed);
  });
});
