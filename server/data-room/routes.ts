import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Role } from "../../contracts/sessions.ts";
import {
  companyPictureEndpoint,
  DATA_ROOM_CATEGORIES,
  DATA_ROOM_CATEGORY_INFO,
  DATA_ROOM_MESSAGES,
  downloadFileEndpoint,
  listDataRoomFilesEndpoint,
  listFileViewsEndpoint,
  downloadDataRoomFileEndpoint,
  openDataRoomFileEndpoint,
  READING_TOKEN_TTL_SECONDS,
  reportReadingEndpoint,
  shareDataRoomFileEndpoint,
  SIGNED_URL_TTL_SECONDS,
  uploadCompanyPictureEndpoint,
  uploadDataRoomFilesEndpoint,
  type DataRoomCategory,
} from "../../contracts/data-room.ts";
import { canManageCompany, isAdmin } from "../auth/authz.ts";
import { companies } from "../companies/schema.ts";
import { companyFiles } from "./schema.ts";
import { users } from "../auth/schema.ts";
import { buyerDocumentAccess, buyerMayOpenSharedDocuments, latestRequestOf } from "../deal-room/access.ts";
import type { DealRoomContext } from "../deal-room/routes.ts";
import { HttpError, MESSAGES, notFound } from "../http/errors.ts";
import { fail, FileBytes, type Router, type UploadedFile } from "../http/router.ts";
import { newStorageKey, type Storage } from "../storage/storage.ts";
import { checkCifIssueDate, contentDisposition, DATA_ROOM_KINDS, PICTURE_KINDS, sanitizeFilename, sniffKind, type FileKind } from "./content.ts";
import { addPageTimes, fileById, fileWithViews, findFile, listFiles, listViews, newFiles, recordDownload, recordView, savePageCount, updateFile, viewOf, type FileRow } from "./queries.ts";
import { fileLinkPage, type LinkVerdict } from "./file-link-pages.ts";
import { signFileToken, signReadingToken, verifyFileToken, verifyReadingToken, type SignedFileLink } from "./signed-url.ts";
import { inspectPdf, stampPdf, type WatermarkStamp } from "./watermark.ts";
import { IMAGE_POOL_RETRY_AFTER_SECONDS, ImagePoolBusy, type ImagePool } from "./image-pool.ts";
import type { ImageCheck } from "./watermark-image.ts";

/** What the data room needs beyond every feature's context: where the bytes live, the NDA's versions (approved buyers' access) and the threads that stamp and check images. */
export interface DataRoomContext extends DealRoomContext {
  readonly storage: Storage;
  /** Images are stamped and checked off the event loop, in worker threads (./image-pool.ts, decision 048). */
  readonly imagePool: ImagePool;
}

/** The public path of a picture; the key changes on every upload. */
export const PICTURE_PATH_PREFIX = "/api/company_pictures/";
const PICTURE_KEY_IN_URL = /\/api\/company_pictures\/([0-9a-f]{32})$/;

/** Downloads are sandboxed documents: a file cannot run script in our origin even if a viewer would let it. */
const DOWNLOAD_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * A PDF gets none: Chrome refuses to start its PDF viewer in a sandboxed
 * document (a blank "blocked" page) and its viewer needs the synthetic
 * page's inline styles; Chrome drops a PDF's CSP for the viewer anyway, and
 * runs the PDF's own script in the viewer's isolated process. Only bytes
 * sniffed as PDF get here (never HTML), with nosniff, and never framed.
 */
const downloadCspFor = (contentType: string): Readonly<Record<string, string>> =>
  contentType === "application/pdf" ? { "Content-Security-Policy": "frame-ancestors 'none'" } : { "Content-Security-Policy": DOWNLOAD_CSP };

/**
 * The company picture and the data room (spec sections 2, 3, 5, 7 and 9;
 * docs/decisions/015-files-and-storage.md). Every data-room endpoint is for
 * the company's owner or an admin (their access, `companyManager`, checked
 * by the router: an upload after the rate limit and before a byte of it is
 * read, so a stranger's 50 MB is refused unread); anyone else's company
 * answers like a missing one. The one exception (decision 023, the
 * `dataRoomReader` rule): the buyer of an approved request whose NDA is
 * current opens the documents the owner shared, by the deal room's rule,
 * checked here and again when the signed link is used. Files
 * open through a short-lived signed URL of ours, and each open is recorded.
 */
export function dataRoomRoutes(router: Router, context: DataRoomContext): void {
  const { db, authz, rateLimiter, storage, now, appUrl, tokens, ndaVersions, imagePool } = context;
  const perUser = { key: (request: FastifyRequest) => `user:${request.user?.id ?? "anonymous"}` };

  const uploadGuards = [rateLimiter.guard("uploads", perUser)];

  /** Sniffed kind of each file; a 415 with `message` when one is not of `allowed`. */
  const kindsOf = (files: ReadonlyArray<UploadedFile>, allowed: ReadonlySet<FileKind>, message: string): FileKind[] =>
    files.map((file) => {
      const kind = sniffKind(file.bytes);
      if (kind === null || !allowed.has(kind)) throw new HttpError(415, message);
      return kind;
    });

  /** Writes the objects; if one write fails, removes those already written. */
  const putAll = async (objects: ReadonlyArray<{ key: string; bytes: Buffer; kind: FileKind }>, request: FastifyRequest) => {
    const written: string[] = [];
    try {
      for (const object of objects) {
        await storage.put(object.key, object.bytes, object.kind);
        written.push(object.key);
      }
    } catch (error) {
      await removeQuietly(written, request);
      throw error;
    }
  };
  const removeQuietly = async (keys: ReadonlyArray<string>, request: FastifyRequest) => {
    for (const key of keys) {
      await storage.delete(key).catch((error: unknown) => request.log.error({ err: error, key }, "could not delete a stored object"));
    }
  };

  // --- The picture ---------------------------------------------------------------------

  router.serve(uploadCompanyPictureEndpoint, { guards: uploadGuards }, async ({ params, files, request }) => {
    const [file] = files;
    if (file === undefined) throw new HttpError(400, DATA_ROOM_MESSAGES.noFile);
    const [kind = "image/png"] = kindsOf([file], PICTURE_KINDS, uploadCompanyPictureEndpoint.errors.badType.message);
    const key = newStorageKey();
    await putAll([{ key, bytes: file.bytes, kind }], request);
    const pictureUrl = `${PICTURE_PATH_PREFIX}${key}`;
    let previous: string | null;
    try {
      previous = await db.transaction(async (tx) => {
        const [row] = await tx.select({ pictureUrl: companies.pictureUrl }).from(companies).where(eq(companies.id, params.id)).for("update");
        if (row === undefined) throw fail(uploadCompanyPictureEndpoint.errors.notFound);
        await tx.update(companies).set({ pictureUrl }).where(eq(companies.id, params.id));
        return row.pictureUrl;
      });
    } catch (error) {
      await removeQuietly([key], request);
      throw error;
    }
    // The old picture is no longer referenced: remove it (a failure leaves an orphan, logged).
    const oldKey = previous === null ? undefined : PICTURE_KEY_IN_URL.exec(previous)?.[1];
    if (oldKey !== undefined && oldKey !== key) await removeQuietly([oldKey], request);
    request.log.info({ companyId: params.id, bytes: file.bytes.length, kind }, "company picture saved");
    return { picture_url: pictureUrl };
  });

  router.serve(companyPictureEndpoint, {}, async ({ params }) => {
    const pictureUrl = `${PICTURE_PATH_PREFIX}${params.key}`;
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.pictureUrl, pictureUrl)).limit(1);
    const bytes = company === undefined ? null : await storage.get(params.key);
    const kind = bytes === null ? null : sniffKind(bytes);
    if (bytes === null || kind === null || !PICTURE_KINDS.has(kind)) throw fail(companyPictureEndpoint.errors.notFound);
    return new FileBytes(bytes, kind, {
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": DOWNLOAD_CSP,
    });
  });

  // --- The data room ---------------------------------------------------------------------

  const serveCategory = (category: DataRoomCategory) => {
    const list = listDataRoomFilesEndpoint(category);
    const upload = uploadDataRoomFilesEndpoint(category);
    const { needsIssueDate } = DATA_ROOM_CATEGORY_INFO[category];

    router.serve(list, {}, async ({ params }) => ({ items: await listFiles(db, params.id, category) }));

    router.serve(upload, { guards: uploadGuards }, async ({ params, fields, files, request, reply }) => {
      let issuedOn: string | null = null;
      if (needsIssueDate) {
        const check = checkCifIssueDate(fields.issued_on, now());
        if (!check.ok) throw new HttpError(400, check.message);
        issuedOn = check.issuedOn;
      }
      const kinds = kindsOf(files, DATA_ROOM_KINDS, upload.errors.badType.message);
      // A file a buyer's open could not stamp is refused now, before anything is written (issue 31); a PDF's pages are kept for the viewer's reports.
      const pageCounts: number[] = [];
      for (const [index, file] of files.entries()) {
        const kind = kinds[index] ?? "application/pdf";
        if (kind !== "application/pdf") {
          // In a worker thread; a full queue refuses the whole upload (503, Retry-After), nothing written.
          const checked = await imagePool.checkImage(file.bytes, kind).catch((error: unknown): ImageCheck => {
            if (!(error instanceof ImagePoolBusy)) {
              // The thread died on these bytes (or the pool closed): the picture is refused like one that cannot be read, never a 500.
              request.log.error({ err: error, companyId: params.id }, "an image check failed in its worker");
              return "damaged";
            }
            request.log.warn({ companyId: params.id, ...imagePool.stats() }, "image pool busy: upload refused");
            reply.header("Retry-After", String(IMAGE_POOL_RETRY_AFTER_SECONDS));
            throw fail(upload.errors.imagesBusy);
          });
          if (checked !== "ok") throw fail(upload.errors.unreadableImage);
          pageCounts.push(1);
          continue;
        }
        const inspected = await inspectPdf(file.bytes);
        if (inspected.check !== "ok") throw fail(upload.errors.unreadablePdf);
        pageCounts.push(inspected.pageCount);
      }
      const user = authz.currentUser(request);
      const objects = files.map((file, index) => {
        const kind = kinds[index] ?? "application/pdf";
        return { key: newStorageKey(), bytes: file.bytes, kind, filename: sanitizeFilename(file.filename, kind), pageCount: pageCounts[index] ?? null };
      });
      await putAll(objects, request);
      try {
        const rows = await db.transaction((tx) =>
          tx
            .insert(companyFiles)
            .values(
              objects.map((object) => ({
                companyId: params.id,
                category,
                storageKey: object.key,
                filename: object.filename,
                contentType: object.kind,
                sizeBytes: object.bytes.length,
                pageCount: object.pageCount,
                issuedOn,
                uploadedBy: user.id,
              })),
            )
            .returning(),
        );
        request.log.info({ companyId: params.id, category, files: rows.length }, "data-room files uploaded");
        return { items: newFiles(rows, category) };
      } catch (error) {
        await removeQuietly(
          objects.map((object) => object.key),
          request,
        );
        throw error;
      }
    });
  };
  for (const category of DATA_ROOM_CATEGORIES) serveCategory(category);

  /**
   * How `userId` may open the company's files: all of them (its owner or an
   * admin), the shared ones (a buyer whose access holds now), or none (null,
   * and the company answers like a missing one).
   */
  const fileAccess = async (user: { readonly id: number; readonly roles: ReadonlyArray<Role> }, companyId: number): Promise<"all" | "shared" | null> => {
    const [company] = await db.select({ ownerUserId: companies.ownerUserId }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (company === undefined) return null;
    if (canManageCompany(user, company.ownerUserId)) return "all";
    return (await buyerMayOpenSharedDocuments(db, ndaVersions, user.id, companyId, now())) ? "shared" : null;
  };

  /** A file's pages: stored at upload; read once from the bytes for a file stored before (null: not a readable PDF). */
  const pageCountOf = async (file: FileRow): Promise<number | null> => {
    if (file.pageCount !== null) return file.pageCount;
    if (file.contentType !== "application/pdf") return 1;
    const stored = await storage.get(file.storageKey);
    const inspected = stored === null ? null : await inspectPdf(stored);
    if (inspected === null || inspected.check !== "ok") return null;
    await savePageCount(db, file.id, inspected.pageCount);
    return inspected.pageCount;
  };

  router.serve(openDataRoomFileEndpoint, { guards: [rateLimiter.guard("file_opens", perUser)] }, async ({ params, request }) => {
    const viewer = authz.currentUser(request);
    const access = await fileAccess(viewer, params.id);
    if (access === null) throw notFound(MESSAGES.companyNotFound);
    const file = await findFile(db, params.id, params.fileId);
    // To a buyer an unshared document is exactly a missing one.
    if (file === null || (access === "shared" && !file.shared)) throw fail(openDataRoomFileEndpoint.errors.notFound);
    const time = now();
    const expiresAt = new Date(time.getTime() + SIGNED_URL_TTL_SECONDS * 1000);
    // Issuing the URL is the open: who and when, recorded before the URL leaves.
    const viewId = await recordView(db, file.id, viewer.id, time);
    // Only a buyer's open is read page by page (decision 051): the owner's and admins' are never counted.
    const pageCount = access === "shared" ? await pageCountOf(file) : null;
    const readingEnds = new Date(time.getTime() + READING_TOKEN_TTL_SECONDS * 1000);
    return {
      url: `${appUrl}/api/files/${signFileToken(tokens.secret, file.id, viewer.id, expiresAt)}`,
      expires_at: expiresAt.toISOString(),
      filename: file.filename,
      content_type: file.contentType,
      download_allowed: access === "all" || file.downloadAllowed,
      reading:
        pageCount === null ? null : { token: signReadingToken(tokens.secret, viewId, readingEnds), page_count: pageCount, expires_at: readingEnds.toISOString() },
    };
  });

  router.serve(downloadDataRoomFileEndpoint, { guards: [rateLimiter.guard("file_opens", perUser)] }, async ({ params, request }) => {
    const viewer = authz.currentUser(request);
    const access = await fileAccess(viewer, params.id);
    if (access === null) throw notFound(MESSAGES.companyNotFound);
    const file = await findFile(db, params.id, params.fileId);
    if (file === null || (access === "shared" && !file.shared)) throw fail(downloadDataRoomFileEndpoint.errors.notFound);
    if (access === "shared" && !file.downloadAllowed) throw fail(downloadDataRoomFileEndpoint.errors.notAllowed);
    const time = now();
    const expiresAt = new Date(time.getTime() + SIGNED_URL_TTL_SECONDS * 1000);
    await recordDownload(db, file.id, viewer.id, time);
    request.log.info({ companyId: params.id, fileId: file.id }, "data-room file download issued");
    return { url: `${appUrl}/api/files/${signFileToken(tokens.secret, file.id, viewer.id, expiresAt, "download")}`, expires_at: expiresAt.toISOString() };
  });

  const reports = reportReadingEndpoint.errors;
  router.serve(
    reportReadingEndpoint,
    // Per token (its URL): one open's viewer reports every few seconds; a script replaying a token is stopped here.
    { guards: [rateLimiter.guard("reading_reports", { key: (request: FastifyRequest) => `reading:${request.url}`, message: reports.tooMany.message })] },
    async ({ params, body }) => {
      const time = now();
      const signed = verifyReadingToken(tokens.secret, params.token, time);
      if (signed === null) throw fail(reports.invalid);
      if (signed.expired) throw fail(reports.expired);
      const view = await viewOf(db, signed.viewId);
      if (view === null) throw fail(reports.invalid);
      // The open's viewer must still hold access to this shared document, by the same rule as opening it.
      const access = await buyerDocumentAccess(db, ndaVersions, view.viewerUserId, view.companyId, time);
      if (!view.shared || view.viewerDeleted || access !== "open") throw fail(reports.ended);
      if (view.pageCount === null || body.pages.some((entry) => entry.page > (view.pageCount ?? 0))) throw fail(reports.badPage);
      const counted = await addPageTimes(db, view, body.pages, time);
      return { counted_milliseconds: counted };
    },
  );

  router.serve(
    shareDataRoomFileEndpoint,
    { guards: [rateLimiter.guard("deal_decisions", { ...perUser, message: shareDataRoomFileEndpoint.errors.tooMany.message })] },
    async ({ params, body, request }) => {
      const file = await findFile(db, params.id, params.fileId);
      const updated = file === null ? null : await updateFile(db, file.id, body);
      if (updated === null) throw fail(shareDataRoomFileEndpoint.errors.notFound);
      request.log.info({ companyId: params.id, fileId: updated.id, shared: updated.shared, downloadAllowed: updated.downloadAllowed }, "data-room file sharing changed");
      return fileWithViews(db, updated);
    },
  );

  router.serve(listFileViewsEndpoint, {}, async ({ params }) => {
    const file = await findFile(db, params.id, params.fileId);
    if (file === null) throw fail(listFileViewsEndpoint.errors.notFound);
    const [company] = await db.select({ ownerUserId: companies.ownerUserId }).from(companies).where(eq(companies.id, params.id)).limit(1);
    return listViews(db, file.id, company?.ownerUserId ?? null);
  });

  /**
   * What a genuine link of `signed.viewerId` to `signed.fileId` opens now,
   * by the same rules as issuing it (revoking access, unsharing the
   * document or deactivating the account stops links already handed out):
   * the file, or why not, told only to the holder of a link we signed.
   */
  const linkVerdict = async (signed: SignedFileLink): Promise<LinkVerdict> => {
    const file = await fileById(db, signed.fileId);
    const [viewer] = await db
      .select({ id: users.id, roles: users.roles, deletedAt: users.deletedAt, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, signed.viewerId))
      .limit(1);
    const [company] =
      file === null
        ? []
        : await db.select({ ownerUserId: companies.ownerUserId, humanId: companies.humanId }).from(companies).where(eq(companies.id, file.companyId)).limit(1);
    if (file === null || viewer === undefined || company === undefined) return { kind: "invalid" };
    if (viewer.deletedAt !== null) return { kind: "deactivated" };
    const companyId = file.companyId;
    if (canManageCompany(viewer, company.ownerUserId)) {
      const dataRoom = isAdmin(viewer) ? `/admin/business/${companyId}` : `/mi-empresa/${companyId}`;
      // The owner's and admins' own views are the file as uploaded.
      return signed.expired ? { kind: "expired", audience: "manager", place: dataRoom } : { kind: "open", file, stamp: null, purpose: signed.purpose };
    }
    const access = await buyerDocumentAccess(db, ndaVersions, viewer.id, companyId, now());
    const profile = `/perfil-de-negocio/${companyId}`;
    if (access === "none") return { kind: "notAllowed" };
    if (access === "ended") return { kind: "accessEnded", place: profile };
    if (access === "ndaOutdated") return { kind: "ndaOutdated", place: profile };
    if (!file.shared) return { kind: "unshared", place: profile };
    if (signed.expired) return { kind: "expired", audience: "buyer", place: profile };
    // A download link works only while the owner allows downloads (decision 051).
    if (signed.purpose === "download" && !file.downloadAllowed) return { kind: "downloadOff", place: profile };
    // Access is "open", so the latest request is approved under the NDA version in force: that version is on the stamp.
    const ndaVersion = (await latestRequestOf(db, viewer.id, companyId))?.ndaVersion ?? "";
    return { kind: "open", file, purpose: signed.purpose, stamp: { name: viewer.name, email: viewer.email, companyRef: company.humanId, ndaVersion, at: now() } };
  };

  /**
   * A buyer's copy (a PDF, a JPEG or a PNG, in its own format), stamped in
   * memory for this answer only (never stored). Uploads are checked, so null
   * is only a file stored before they were: it is refused rather than handed
   * out unstamped. An image is stamped in a worker thread (its bytes move
   * there); ImagePoolBusy (the queue is full) is thrown on, for a 503.
   */
  const stampedCopy = async (stored: Buffer, file: { id: number; contentType: string }, stamp: WatermarkStamp, request: FastifyRequest): Promise<Buffer | null> => {
    try {
      const { contentType } = file;
      if (contentType === "image/jpeg" || contentType === "image/png") return await imagePool.stampImage(stored, contentType, stamp);
      if (contentType !== "application/pdf") throw new Error(`no stamp for ${contentType}`);
      const stamped = await stampPdf(stored, stamp);
      return Buffer.from(stamped.buffer, stamped.byteOffset, stamped.byteLength);
    } catch (error) {
      if (error instanceof ImagePoolBusy) throw error;
      request.log.error({ err: error, fileId: file.id, contentType: file.contentType }, "a data-room file could not be stamped");
      return null;
    }
  };

  router.serve(downloadFileEndpoint, { errorPage: () => fileLinkPage({ kind: "invalid" }) }, async ({ params, request }) => {
    const signed = verifyFileToken(tokens.secret, params.token, now());
    const verdict: LinkVerdict = signed === null ? { kind: "invalid" } : await linkVerdict(signed);
    if (verdict.kind !== "open") {
      if (verdict.kind !== "invalid") request.log.info({ outcome: verdict.kind }, "data-room file link refused");
      return fileLinkPage(verdict);
    }
    const { file, stamp, purpose } = verdict;
    const stored = await storage.get(file.storageKey);
    if (stored === null) {
      request.log.error({ fileId: file.id }, "a data-room file's stored object is missing");
      return fileLinkPage({ kind: "invalid" });
    }
    let bytes: Buffer | null;
    try {
      bytes = stamp === null ? stored : await stampedCopy(stored, file, stamp, request);
    } catch (error) {
      if (!(error instanceof ImagePoolBusy)) throw error;
      request.log.warn({ fileId: file.id, ...imagePool.stats() }, "image pool busy: a buyer's image open refused");
      return fileLinkPage({ kind: "busy", place: `/perfil-de-negocio/${file.companyId}` });
    }
    if (bytes === null) return fileLinkPage({ kind: "unstampable", place: `/perfil-de-negocio/${file.companyId}` });
    return new FileBytes(bytes, file.contentType, {
      "Content-Disposition": contentDisposition(file.filename, purpose === "download" ? "attachment" : "inline"),
      "Cache-Control": "private, no-store",
      ...downloadCspFor(file.contentType),
      "X-Content-Type-Options": "nosniff",
    });
  });
}
