import { Button } from "../../../components/ui/Button.tsx";
import { saveFile } from "../../../lib/save-file.ts";
import { toastError } from "../../../lib/toast.ts";
import { accessAuditFailureMessage, useDownloadAccessAudit } from "../api/download-access-audit.ts";

export const ACCESS_AUDIT_BUTTON_LABEL = "Descargar auditoría (CSV)";

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
          onError: (error) => toastError(accessAuditFailureMessage(error)),
        })
      }
    >
      {ACCESS_AUDIT_BUTTON_LABEL}
    </Button>
  );
}
