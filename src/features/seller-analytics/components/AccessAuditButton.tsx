import { ACCESS_AUDIT_MESSAGES } from "../../../../contracts/seller-analytics.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { BAD_REQUEST_FALLBACK_MESSAGE, GENERIC_ERROR_MESSAGE, isApiError } from "../../../lib/api-error.ts";
import { saveFile } from "../../../lib/save-file.ts";
import { toastError } from "../../../lib/toast.ts";
import { useDownloadAccessAudit } from "../api/download-access-audit.ts";

export const ACCESS_AUDIT_BUTTON_LABEL = "Descargar auditoría (CSV)";

/** The server's Spanish message (a rate limit, a missing company), else the download's own. */
const failureMessage = (error: unknown): string =>
  isApiError(error) && error.message !== GENERIC_ERROR_MESSAGE && error.message !== BAD_REQUEST_FALLBACK_MESSAGE ? error.message : ACCESS_AUDIT_MESSAGES.downloadFailed;

/**
 * 'Descargar auditoría (CSV)': every access event of the company in a file
 * for a spreadsheet (decision 049), on the seller's analytics page and the
 * admin's company page. A failure is a Spanish toast: the server's message
 * (a rate limit's), or a generic one.
 */
export function AccessAuditButton({ companyId }: { readonly companyId: number }) {
  const download = useDownloadAccessAudit();
  return (
    <Button
      variant="secondary"
      isPending={download.isPending}
      onPress={() =>
        download.mutate(companyId, {
          onSuccess: ({ blob, filename }) => saveFile(blob, filename),
          onError: (error) => toastError(failureMessage(error)),
        })
      }
    >
      {ACCESS_AUDIT_BUTTON_LABEL}
    </Button>
  );
}
