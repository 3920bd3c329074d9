import { useMutation } from "@tanstack/react-query";
import { ACCESS_AUDIT_MESSAGES, getAccessAuditEndpoint } from "../../../../contracts/seller-analytics.ts";
import { callEndpointForBlob, type DownloadedFile } from "../../../lib/api-client.ts";
import { BAD_REQUEST_FALLBACK_MESSAGE, GENERIC_ERROR_MESSAGE, isApiError } from "../../../lib/api-error.ts";

/** The name when the answer gives none (the server always does). */
const FALLBACK_NAME = "auditoria-accesos.csv";

/**
 * GET /companies/{id}/access_audit: the company's access events as a CSV
 * (owner or admin; decision 049), fetched with the session's token as a
 * Blob, named as the server names it.
 */
export const downloadAccessAudit = (companyId: number): Promise<DownloadedFile> =>
  callEndpointForBlob(getAccessAuditEndpoint, { params: { id: companyId } }, FALLBACK_NAME);

/** A download is an action, not data to cache: a mutation, nothing to invalidate. */
export function useDownloadAccessAudit() {
  return useMutation({ mutationFn: downloadAccessAudit });
}

/** What the error toast says: the server's Spanish message (a rate limit, a missing company), else the download's own. */
export const accessAuditFailureMessage = (error: unknown): string =>
  isApiError(error) && error.message !== GENERIC_ERROR_MESSAGE && error.message !== BAD_REQUEST_FALLBACK_MESSAGE ? error.message : ACCESS_AUDIT_MESSAGES.downloadFailed;
