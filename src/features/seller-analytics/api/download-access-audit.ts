import { useMutation } from "@tanstack/react-query";
import { getAccessAuditEndpoint } from "../../../../contracts/seller-analytics.ts";
import { callEndpointForBlob, type DownloadedFile } from "../../../lib/api-client.ts";

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
