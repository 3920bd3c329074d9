import { useState } from "react";
import { toastApiError } from "../lib/toast.ts";

/**
 * Opens a document's signed URL in a new tab. The tab opens inside the
 * click and is pointed at the file once its address arrives (a tab opened
 * after an await is blocked as a pop-up); the file must not reach back into
 * our page. `fetchUrl` asks the server for the address.
 */
export function useOpenInNewTab<Key>(fetchUrl: (key: Key) => Promise<{ readonly url: string }>) {
  const [opening, setOpening] = useState<Key | null>(null);
  const open = (key: Key) => {
    if (opening !== null) return;
    const tab = window.open("about:blank", "_blank");
    if (tab !== null) tab.opener = null;
    setOpening(key);
    fetchUrl(key)
      .then(({ url }) => {
        const address = new URL(url, window.location.href).toString();
        if (tab === null) window.location.assign(address);
        else tab.location.href = address;
      })
      .catch((error: unknown) => {
        tab?.close();
        toastApiError(error);
      })
      .finally(() => setOpening(null));
  };
  return { open, opening };
}
