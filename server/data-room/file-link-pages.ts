import { downloadFileEndpoint, FILE_LINK_PAGES } from "../../contracts/data-room.ts";
import { messagePage, type MessagePageLink } from "../http/message-page.ts";
import { HtmlPage } from "../http/router.ts";
import { IMAGE_POOL_RETRY_AFTER_SECONDS } from "./image-pool.ts";
import type { FileRow } from "./queries.ts";
import type { FileLinkPurpose } from "./signed-url.ts";
import type { WatermarkStamp } from "./watermark.ts";

/**
 * What a data-room file link (GET /api/files/{token}) answers in the tab it
 * opened, when it does not open the file: a Spanish page with the next step
 * that applies to its viewer (contracts/data-room.ts FILE_LINK_PAGES),
 * never JSON. A link we did not sign, or whose file is gone, is "invalid"
 * and says nothing more; the rest are told only to the holder of a genuine
 * link, about that link's viewer.
 */
export type LinkVerdict =
  /** `stamp`: the watermark of a buyer's PDF (null: the owner's or an admin's view, or an image). */
  | { readonly kind: "open"; readonly file: FileRow; readonly stamp: WatermarkStamp | null; readonly purpose: FileLinkPurpose }
  | { readonly kind: "invalid" }
  | { readonly kind: "deactivated" }
  | { readonly kind: "notAllowed" }
  /** `place`: where the viewer opens the file again (the data room of an owner or an admin, the buyer's full profile). */
  | { readonly kind: "expired"; readonly audience: "manager" | "buyer"; readonly place: string }
  /** `place`: the company's profile, where a buyer asks again, accepts the NDA in force or finds what is shared. */
  | { readonly kind: "accessEnded" | "ndaOutdated" | "unshared" | "unstampable" | "downloadOff"; readonly place: string }
  /** A buyer's image while the image workers' queue is full (decision 048): 503 with Retry-After, try again shortly. */
  | { readonly kind: "busy"; readonly place: string };

const MARKETPLACE: MessagePageLink = { href: "/compra-una-empresa", label: "Explorar empresas" };
const CONTACT: MessagePageLink = { href: "/contacto", label: "Escríbenos" };

const { errors } = downloadFileEndpoint;

const page = (
  status: number,
  copy: { readonly title: string; readonly message: string },
  next: string,
  links: ReadonlyArray<MessagePageLink>,
  headers: Readonly<Record<string, string>> = {},
): HtmlPage => new HtmlPage(messagePage({ title: copy.title, message: copy.message, next, links }), status, headers);

/** The page for every verdict but "open". */
export function fileLinkPage(verdict: Exclude<LinkVerdict, { readonly kind: "open" }>): HtmlPage {
  switch (verdict.kind) {
    case "invalid":
      return page(errors.invalid.status, FILE_LINK_PAGES.invalid, FILE_LINK_PAGES.invalid.next, [{ href: "/iniciar-sesion", label: "Iniciar sesión" }, MARKETPLACE]);
    case "expired": {
      const { expired } = FILE_LINK_PAGES;
      const back: MessagePageLink =
        verdict.audience === "manager" ? { href: verdict.place, label: "Ir al dataroom de la empresa" } : { href: verdict.place, label: "Ir al perfil de la empresa" };
      return page(errors.expired.status, expired, expired.next[verdict.audience], [back]);
    }
    case "accessEnded":
      return page(errors.accessEnded.status, FILE_LINK_PAGES.accessEnded, FILE_LINK_PAGES.accessEnded.next, [
        { href: verdict.place, label: "Ver el perfil público de la empresa" },
        MARKETPLACE,
      ]);
    case "ndaOutdated":
      return page(errors.ndaOutdated.status, FILE_LINK_PAGES.ndaOutdated, FILE_LINK_PAGES.ndaOutdated.next, [{ href: verdict.place, label: "Ir al perfil de la empresa" }]);
    case "unshared":
      return page(errors.unshared.status, FILE_LINK_PAGES.unshared, FILE_LINK_PAGES.unshared.next, [{ href: verdict.place, label: "Ir al perfil de la empresa" }]);
    case "downloadOff":
      return page(errors.downloadOff.status, FILE_LINK_PAGES.downloadOff, FILE_LINK_PAGES.downloadOff.next, [{ href: verdict.place, label: "Ir al perfil de la empresa" }]);
    case "unstampable":
      return page(errors.unstampable.status, FILE_LINK_PAGES.unstampable, FILE_LINK_PAGES.unstampable.next, [{ href: verdict.place, label: "Ir al perfil de la empresa" }]);
    case "deactivated":
      return page(errors.deactivated.status, FILE_LINK_PAGES.deactivated, FILE_LINK_PAGES.deactivated.next, [CONTACT]);
    case "busy":
      return page(errors.busy.status, FILE_LINK_PAGES.busy, FILE_LINK_PAGES.busy.next, [{ href: verdict.place, label: "Ir al perfil de la empresa" }], { "Retry-After": String(IMAGE_POOL_RETRY_AFTER_SECONDS) });
    case "notAllowed":
      return page(errors.notAllowed.status, FILE_LINK_PAGES.notAllowed, FILE_LINK_PAGES.notAllowed.next, [CONTACT, MARKETPLACE]);
  }
}
