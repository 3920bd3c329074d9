import { Schema } from "effect";
import { CompanyIdParams, COMPANY_NOT_FOUND_MESSAGE } from "./companies.ts";
import { defineEndpoint, type Endpoint } from "./endpoint.ts";
import { idFromPathParam, positiveId } from "./fields.ts";

/**
 * The company picture and the data room (spec sections 2, 3, 5, 7 and 9).
 *
 * Files are private: a data-room file opens only through
 * GET /companies/{id}/company_files/{fileId}, which answers a short-lived
 * signed URL to its owner and admins, and records who opened it (the real
 * view count). The picture is public (the marketplace card shows it) but
 * lives under a random, unguessable key.
 */

/** Spec section 9: the largest upload. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Files per data-room upload request. */
export const MAX_FILES_PER_UPLOAD = 10;
/** How long a signed file URL opens the file. */
export const SIGNED_URL_TTL_SECONDS = 5 * 60;
/** How long an open's reading token takes page reports (decision 051): a long reading session, not a standing permission. */
export const READING_TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** Pages one reading report may carry (the viewer sends every few seconds, so a handful). */
export const MAX_PAGES_PER_REPORT = 50;
/** A page's milliseconds in one report: at most this (a tab left open is not an hour of reading). */
export const MAX_MS_PER_PAGE_REPORT = 10 * 60 * 1000;
/** Spec section 9: a CIF (Constancia de Situación Fiscal) at most this many months old. */
export const CIF_MAX_AGE_MONTHS = 3;

export const DATA_ROOM_MESSAGES = {
  /** Spec section 5: the red toast, 3 s. */
  tooLarge: "El archivo excede los 5MB.",
  badType: "Solo se aceptan archivos PDF o imágenes (JPG o PNG).",
  /** Issue 31: a PDF the watermark cannot stamp is refused at upload, never at a buyer's open. */
  unreadablePdf: "El PDF está dañado o protegido con contraseña; súbelo de nuevo sin contraseña.",
  /** Issue 31: an image the watermark cannot stamp (undecodable, or over 40 megapixels) is refused at upload too. */
  unreadableImage: "No pudimos leer esta imagen. Súbela de nuevo en JPG o PNG, de hasta 40 megapíxeles.",
  /** Decision 048: images are checked in a small pool of worker threads; when its queue is full the upload is refused with Retry-After. */
  imagesBusy: "Estamos procesando muchas imágenes en este momento. Intenta de nuevo en unos segundos.",
  badPictureType: "La imagen debe ser JPG o PNG.",
  noFile: "Selecciona un archivo.",
  tooManyFiles: `Puedes subir hasta ${MAX_FILES_PER_UPLOAD} archivos a la vez.`,
  cifIssuedOnRequired: "Indica la fecha de emisión de tu Constancia de Situación Fiscal.",
  cifTooOld: "La Constancia de Situación Fiscal debe tener como máximo 3 meses de antigüedad.",
  cifInFuture: "La fecha de emisión no puede ser posterior a hoy.",
  fileNotFound: "El archivo no existe.",
  pictureSaved: "Imagen guardada con éxito",
  uploaded: "Archivo cargado con éxito",
  pictureNotFound: "La imagen no existe.",
  badShare: "Indica si el documento se comparte con los compradores aprobados.",
  shared: "Documento compartido con los compradores aprobados.",
  unshared: "El documento dejó de compartirse.",
  tooManyChanges: "Hiciste demasiados cambios seguidos. Espera unos minutos e intenta de nuevo.",
  /** Decision 051: a PATCH must say what it changes. */
  badFileChange: "Indica si el documento se comparte o si se puede descargar.",
  downloadAllowed: "Los compradores aprobados ya pueden descargar este documento.",
  downloadBlocked: "Los compradores aprobados ya no pueden descargar este documento; solo leerlo en Puente.",
  downloadNotAllowed: "La empresa no permite descargar este documento; puedes leerlo aquí.",
  readingInvalid: "Este registro de lectura no es válido.",
  readingExpired: "El registro de lectura expiró; vuelve a abrir el documento.",
  readingEnded: "Ya no tienes acceso a este documento.",
  badReading: "Indica las páginas leídas del documento, cada una con su tiempo en milisegundos.",
  tooManyReports: "Demasiados reportes de lectura. Espera un momento.",
} as const;

/**
 * The pages a data-room file link answers in the browser tab it opened
 * (GET /files/{token}, `browserTab`): what happened (`title`, and the
 * sentence the contract's errors carry) and the next step that applies to
 * that viewer. A link the server cannot read says nothing about any file or
 * person; a genuine link tells its viewer about their own access only.
 */
export const FILE_LINK_PAGES = {
  /** Forged, tampered, malformed, or a file that is gone: nothing is said about which. */
  invalid: {
    title: "Enlace no válido",
    message: "Este enlace para abrir un documento no es válido.",
    next: `Los enlaces a los documentos son personales y dejan de funcionar a los ${SIGNED_URL_TTL_SECONDS / 60} minutos. Inicia sesión en Puente con tu cuenta y vuelve a abrir el documento desde la empresa; si te lo compartieron, pide a esa persona que te dé acceso a través de Puente.`,
  },
  /** A genuine link, past its minutes, of a viewer who may still open the file. */
  expired: {
    title: "El enlace expiró",
    message: "El enlace para abrir el archivo expiró.",
    next: {
      manager: `Por seguridad, cada enlace funciona ${SIGNED_URL_TTL_SECONDS / 60} minutos. Vuelve a abrirlo desde el dataroom de la empresa, en la pestaña «Dataroom».`,
      buyer: `Por seguridad, cada enlace funciona ${SIGNED_URL_TTL_SECONDS / 60} minutos. Vuelve a abrirlo desde «Documentos compartidos», en el perfil completo de la empresa.`,
    },
  },
  /** A buyer whose access to the company ended (revoked, rejected, or no longer approved). */
  accessEnded: {
    title: "Tu acceso terminó",
    message: "Tu acceso a los documentos de esta empresa terminó.",
    next: "Si la empresa te sigue interesando, en su perfil público verás si puedes volver a solicitar acceso y desde cuándo. También puedes explorar otras empresas en el marketplace.",
  },
  /** A buyer still approved, but the NDA they accepted is no longer the version in force. */
  ndaOutdated: {
    title: "Acepta el nuevo acuerdo de confidencialidad",
    message: "El acuerdo de confidencialidad cambió y tu acceso a los documentos está en pausa.",
    next: "Para volver a abrirlos, acepta la versión vigente desde el perfil de la empresa.",
  },
  /** A buyer still approved, for a document the owner no longer shares. */
  unshared: {
    title: "Documento no disponible",
    message: "La empresa dejó de compartir este documento.",
    next: "Los documentos que la empresa comparte contigo están en «Documentos compartidos», en su perfil completo.",
  },
  /** The viewer's account was deactivated. */
  deactivated: {
    title: "Cuenta desactivada",
    message: "Tu cuenta está desactivada, así que el enlace ya no abre el documento.",
    next: "Si crees que es un error, escríbenos desde la página de contacto para reactivarla.",
  },
  /** An owner or admin who no longer manages the company (ownership or role changed). */
  notAllowed: {
    title: "Sin acceso al documento",
    message: "Ya no tienes acceso a este documento.",
    next: "Si lo necesitas, pide acceso al dueño de la empresa o escríbenos desde la página de contacto.",
  },
  /**
   * A buyer's PDF that cannot be stamped (only one uploaded before uploads
   * were checked, issue 31): it is never served without the watermark.
   */
  unstampable: {
    title: "Documento no disponible",
    message: "Este documento no se puede mostrar con la marca de agua de tu cuenta.",
    next: "Pide a la empresa, desde el perfil de la empresa, que vuelva a subir el documento; mientras tanto no se puede abrir.",
  },
  /**
   * A buyer's image while the server's image workers are all busy and their
   * queue is full (decision 048): a 503 with Retry-After; the link still
   * works until it expires.
   */
  busy: {
    title: "Intenta de nuevo en unos segundos",
    message: "Estamos preparando muchas imágenes en este momento y no pudimos abrir esta.",
    next: "Vuelve a cargar esta página en unos segundos: el enlace sigue funcionando hasta que expire.",
  },
  /** A buyer's download link, after the owner switched downloads off for the document (decision 051). */
  downloadOff: {
    title: "Descarga no disponible",
    message: "La empresa ya no permite descargar este documento.",
    next: "Puedes seguir leyéndolo en Puente, desde «Documentos compartidos» en el perfil de la empresa.",
  },
} as const;

/** Spec section 3: the server's category keys, in the order the data room shows them. */
export const DATA_ROOM_CATEGORIES = [
  "company_acta_constitutivas",
  "company_asambleas",
  "company_poderes",
  "company_ids_representante_legal",
  "company_cifs",
  "person_ids",
  "person_cifs",
] as const;
export const DataRoomCategory = Schema.Literal(...DATA_ROOM_CATEGORIES);
export type DataRoomCategory = typeof DataRoomCategory.Type;

/** Which group a category belongs to: persona moral (legal entity) or persona física (individual). */
export type DataRoomGroup = "moral" | "fisica";

export const DATA_ROOM_CATEGORY_INFO: Readonly<Record<DataRoomCategory, { readonly label: string; readonly group: DataRoomGroup; readonly needsIssueDate: boolean }>> = {
  company_acta_constitutivas: { label: "Acta constitutiva", group: "moral", needsIssueDate: false },
  company_asambleas: { label: "Asambleas", group: "moral", needsIssueDate: false },
  company_poderes: { label: "Poderes", group: "moral", needsIssueDate: false },
  company_ids_representante_legal: { label: "Identificación del representante legal", group: "moral", needsIssueDate: false },
  company_cifs: { label: "Constancia de Situación Fiscal (CIF)", group: "moral", needsIssueDate: true },
  person_ids: { label: "Identificación oficial", group: "fisica", needsIssueDate: false },
  person_cifs: { label: "Constancia de Situación Fiscal (CIF)", group: "fisica", needsIssueDate: true },
};

export const DATA_ROOM_GROUP_LABELS: Readonly<Record<DataRoomGroup, string>> = {
  moral: "Persona moral",
  fisica: "Persona física",
};

/** A data-room file's id. */
export const DataRoomFileId = positiveId("DataRoomFileId", DATA_ROOM_MESSAGES.fileNotFound);
export type DataRoomFileId = typeof DataRoomFileId.Type;

/** `/companies/:id/company_files/:fileId`. */
export const CompanyFileParams = Schema.Struct({
  id: CompanyIdParams.fields.id,
  fileId: idFromPathParam(DataRoomFileId, DATA_ROOM_MESSAGES.fileNotFound),
});

/** Spec section 3, "Dataroom file" (id, filename, created_at), plus what a serious data room shows. */
export const DataRoomFile = Schema.Struct({
  id: Schema.Int,
  category: DataRoomCategory,
  /** The sanitised name the owner gave it. */
  filename: Schema.String,
  /** "application/pdf", "image/jpeg", "image/png": from the file's content, not its name. */
  content_type: Schema.String,
  size_bytes: Schema.Int,
  /** A CIF's issue date (YYYY-MM-DD); null for other categories. */
  issued_on: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  /** How many times the file was opened (each open is recorded: who and when). */
  view_count: Schema.Int,
  /** Shared with buyers whose access request is approved (issue 16): they can open it from the full profile. */
  shared: Schema.Boolean,
  /** Whether those buyers may also download it (decision 051); they always read it in the viewer. */
  download_allowed: Schema.Boolean,
  /** A PDF's pages (1 for an image); null until read (a file stored before page counts were). */
  page_count: Schema.NullOr(Schema.Int),
});
export type DataRoomFile = typeof DataRoomFile.Type;

export const DataRoomFileList = Schema.Struct({ items: Schema.Array(DataRoomFile) });
export type DataRoomFileList = typeof DataRoomFileList.Type;

/** The text fields of a data-room upload: a CIF's issue date (YYYY-MM-DD), required for the CIF categories. */
export const DataRoomUploadFields = Schema.Struct({
  issued_on: Schema.optional(
    Schema.String.pipe(
      Schema.maxLength(10, { message: () => DATA_ROOM_MESSAGES.cifIssuedOnRequired }),
      Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => DATA_ROOM_MESSAGES.cifIssuedOnRequired }),
    ),
  ),
});

/** The text fields of the picture upload (spec: `file_type=picture`). */
export const PictureUploadFields = Schema.Struct({
  file_type: Schema.Literal("picture").annotations({ message: () => DATA_ROOM_MESSAGES.badPictureType }),
});

export const PictureUploadResponse = Schema.Struct({
  /** The picture's public URL (a random key, never the company id). */
  picture_url: Schema.String,
});

/** Where to fetch the file's bytes, for a few minutes (SIGNED_URL_TTL_SECONDS). */
export const SignedFileUrl = Schema.Struct({
  url: Schema.String,
  expires_at: Schema.String,
});
export type SignedFileUrl = typeof SignedFileUrl.Type;

/**
 * A buyer's open, read page by page (decision 051): the viewer reports
 * pages and time through `token` (POST /file_readings/{token}/pages).
 */
export const FileReading = Schema.Struct({
  token: Schema.String,
  page_count: Schema.Int,
  /** Until when the token takes reports. */
  expires_at: Schema.String,
});
export type FileReading = typeof FileReading.Type;

/** GET /companies/{id}/company_files/{fileId}: where to open the file, for a few minutes, and how the viewer reads it. */
export const OpenedFile = Schema.Struct({
  url: Schema.String,
  expires_at: Schema.String,
  filename: Schema.String,
  content_type: Schema.String,
  /** Whether the caller may download it (POST …/downloads): always the owner and admins; a buyer when the owner allows it. */
  download_allowed: Schema.Boolean,
  /** A buyer's open: the token its page reports carry. Null for the owner's and admins' opens, which are never counted. */
  reading: Schema.NullOr(FileReading),
});
export type OpenedFile = typeof OpenedFile.Type;

/** One open of a file: who and when (the audit list). */
export const FileView = Schema.Struct({
  viewer_name: Schema.String,
  viewer_email: Schema.String,
  /** "Administrador", "Propietario". */
  viewer_role: Schema.String,
  viewed_at: Schema.String,
});
export type FileView = typeof FileView.Type;

export const FileViewList = Schema.Struct({
  items: Schema.Array(FileView),
  total: Schema.Int,
});
export type FileViewList = typeof FileViewList.Type;

// --- Endpoints -------------------------------------------------------------------------

const notFound = { status: 404, message: COMPANY_NOT_FOUND_MESSAGE } as const;
const fileNotFound = { status: 404, message: DATA_ROOM_MESSAGES.fileNotFound } as const;
const tooLarge = { status: 413, message: DATA_ROOM_MESSAGES.tooLarge } as const;

/** PUT /companies/{id}/company_files: the company picture (multipart `file`, `file_type=picture`), JPG or PNG. */
export const uploadCompanyPictureEndpoint = defineEndpoint({
  method: "PUT",
  path: "/companies/:id/company_files",
  summary: "Upload or replace the company picture (JPG or PNG by content, at most 5 MB); owner or admin.",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  multipart: { fields: PictureUploadFields, fileField: "file", maxFiles: 1, maxFileBytes: MAX_UPLOAD_BYTES },
  response: PictureUploadResponse,
  errors: { notFound, tooLarge, badType: { status: 415, message: DATA_ROOM_MESSAGES.badPictureType } },
});

/** One endpoint value per category, made once: the same value wherever it is asked for (the authorization matrix keys on it). */
const perCategory = <E>(make: (category: DataRoomCategory) => E): ((category: DataRoomCategory) => E) => {
  const made = new Map<DataRoomCategory, E>();
  return (category) => {
    const known = made.get(category);
    if (known !== undefined) return known;
    const value = make(category);
    made.set(category, value);
    return value;
  };
};

/** GET /companies/{id}/company_files/{category}: one category's files (owner or admin). */
export const listDataRoomFilesEndpoint = perCategory((category) =>
  defineEndpoint({
    method: "GET",
    path: `/companies/:id/company_files/${category}`,
    summary: `The company's ${category} files (owner or admin).`,
    access: { who: "companyManager" },
    params: CompanyIdParams,
    response: DataRoomFileList,
    errors: { notFound },
  }),
);

/**
 * POST /companies/{id}/company_files/{category}: upload files (multipart
 * `files[]`); PDF or images by content, 5 MB each; a PDF must open without a
 * password and be one the watermark can stamp, an image must decode (JPEG or
 * PNG, at most 40 megapixels) (decision 048).
 */
export const uploadDataRoomFilesEndpoint = perCategory((category) =>
  defineEndpoint({
    method: "POST",
    path: `/companies/:id/company_files/${category}`,
    summary: `Upload ${category} files (PDF, JPG or PNG by content, at most 5 MB each); owner or admin.`,
    access: { who: "companyManager" },
    params: CompanyIdParams,
    multipart: { fields: DataRoomUploadFields, fileField: "files[]", maxFiles: MAX_FILES_PER_UPLOAD, maxFileBytes: MAX_UPLOAD_BYTES },
    response: DataRoomFileList,
    status: 201,
    errors: {
      notFound,
      tooLarge,
      badType: { status: 415, message: DATA_ROOM_MESSAGES.badType },
      unreadablePdf: { status: 400, message: DATA_ROOM_MESSAGES.unreadablePdf },
      unreadableImage: { status: 400, message: DATA_ROOM_MESSAGES.unreadableImage },
      imagesBusy: { status: 503, message: DATA_ROOM_MESSAGES.imagesBusy },
      cifTooOld: { status: 400, message: DATA_ROOM_MESSAGES.cifTooOld },
    },
  }),
);

/** GET /companies/{id}/company_files/{fileId}: a short-lived signed URL; records the open (who, when). */
export const openDataRoomFileEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id/company_files/:fileId",
  summary: "Open a data-room file: a signed URL valid for 5 minutes; the open is recorded. Owner or admin, or an approved buyer for a shared document.",
  access: { who: "dataRoomReader" },
  params: CompanyFileParams,
  response: OpenedFile,
  errors: { notFound: fileNotFound },
});

/**
 * POST /companies/{id}/company_files/{fileId}/downloads: a signed URL that
 * downloads the file (an attachment; a buyer's copy stamped like an open),
 * the download recorded. The owner and admins always; a buyer of a shared
 * document only when the owner allows downloads (decision 051).
 */
export const downloadDataRoomFileEndpoint = defineEndpoint({
  method: "POST",
  path: "/companies/:id/company_files/:fileId/downloads",
  summary: "Download a data-room file: a signed URL valid for 5 minutes (attachment); the download is recorded. Owner or admin, or an approved buyer when the owner allows downloads.",
  access: { who: "dataRoomReader" },
  params: CompanyFileParams,
  response: SignedFileUrl,
  status: 201,
  errors: { notFound: fileNotFound, notAllowed: { status: 403, message: DATA_ROOM_MESSAGES.downloadNotAllowed } },
});

/** The signed token of a buyer's open, for its page reports: `<viewId>.<expires>.<signature>`. */
export const ReadingTokenParams = Schema.Struct({
  token: Schema.String.pipe(
    Schema.maxLength(120, { message: () => DATA_ROOM_MESSAGES.readingInvalid }),
    Schema.pattern(/^[\w.-]+$/, { message: () => DATA_ROOM_MESSAGES.readingInvalid }),
  ),
});

// `override`: the same sentence whatever inside the report is wrong (a page, a time, the list itself).
const badReading = () => ({ message: DATA_ROOM_MESSAGES.badReading, override: true });

/** One page's time on screen since the last report. */
export const PageTime = Schema.Struct({
  page: Schema.Int.pipe(Schema.between(1, 100_000, { message: badReading })).annotations({ message: badReading }),
  milliseconds: Schema.Int.pipe(Schema.between(0, MAX_MS_PER_PAGE_REPORT, { message: badReading })).annotations({ message: badReading }),
}).annotations({ message: badReading });

/** POST /file_readings/{token}/pages: the pages seen since the last report, and for how long. */
export const ReadingReport = Schema.Struct({
  pages: Schema.propertySignature(
    Schema.Array(PageTime).pipe(Schema.minItems(1, { message: badReading }), Schema.maxItems(MAX_PAGES_PER_REPORT, { message: badReading })).annotations({ message: badReading }),
  ).annotations({ missingMessage: () => DATA_ROOM_MESSAGES.badReading }),
});
export type ReadingReport = typeof ReadingReport.Type;

/** What the report added: the milliseconds counted (the server never counts more than the time since the open). */
export const ReadingReportResult = Schema.Struct({ counted_milliseconds: Schema.Int });

/**
 * POST /file_readings/{token}/pages: the viewer's report of a buyer's open
 * (decision 051). The signed token is the permission (the viewer also sends
 * it with `navigator.sendBeacon` as the page closes, without the session),
 * checked against the open's viewer's access now; batched and rate-limited.
 */
export const reportReadingEndpoint = defineEndpoint({
  method: "POST",
  path: "/file_readings/:token/pages",
  summary: "Report the pages of a buyer's open seen since the last report, and for how long (the open's signed reading token).",
  access: { who: "token" },
  params: ReadingTokenParams,
  body: ReadingReport,
  response: ReadingReportResult,
  errors: {
    invalid: { status: 404, message: DATA_ROOM_MESSAGES.readingInvalid },
    expired: { status: 410, message: DATA_ROOM_MESSAGES.readingExpired },
    ended: { status: 403, message: DATA_ROOM_MESSAGES.readingEnded },
    badPage: { status: 400, message: DATA_ROOM_MESSAGES.badReading },
    tooMany: { status: 429, message: DATA_ROOM_MESSAGES.tooManyReports },
  },
});

/** GET /companies/{id}/company_files/{fileId}/views: who opened the file and when (owner or admin). */
export const listFileViewsEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id/company_files/:fileId/views",
  summary: "The audit list of a data-room file: who opened it and when, newest first. Owner or admin.",
  access: { who: "companyManager" },
  params: CompanyFileParams,
  response: FileViewList,
  errors: { notFound: fileNotFound },
});

/**
 * The answer of an endpoint that serves a file's bytes (not JSON): the
 * server sends them with the file's own content type. A marker for the
 * contract; nothing decodes it.
 */
export const FileBody = Schema.Unknown.annotations({ identifier: "FileBody", description: "The file's bytes, with its content type." });

/** The signed token of a file URL: `<fileId>.<viewerId>.<expires>.<signature>` (base64url signature). */
export const FileTokenParams = Schema.Struct({
  token: Schema.String.pipe(
    Schema.maxLength(200, { message: () => FILE_LINK_PAGES.invalid.message }),
    Schema.pattern(/^[\w.-]+$/, { message: () => FILE_LINK_PAGES.invalid.message }),
  ),
});

/** A picture's random storage key (32 hex digits). */
export const PictureKeyParams = Schema.Struct({
  key: Schema.String.pipe(
    Schema.maxLength(32, { message: () => DATA_ROOM_MESSAGES.pictureNotFound }),
    Schema.pattern(/^[0-9a-f]{32}$/, { message: () => DATA_ROOM_MESSAGES.pictureNotFound }),
  ),
});

/**
 * GET /files/{token}: the bytes of a data-room file, for whoever holds the
 * signed URL from GET /companies/{id}/company_files/{fileId} (a new tab
 * carries no session, so the URL is the permission), until it expires and
 * while its viewer may still open the file. It opens in a browser tab: every
 * refusal is a Spanish page with the next step for that viewer
 * (FILE_LINK_PAGES), never JSON.
 */
export const downloadFileEndpoint = defineEndpoint({
  method: "GET",
  path: "/files/:token",
  summary: "The bytes of a data-room file, through a signed URL that expires after 5 minutes (inline, no-store, sandboxed).",
  // The signed link is the permission (a new tab has no session); it is checked again against the viewer's access.
  access: { who: "token" },
  params: FileTokenParams,
  response: FileBody,
  browserTab: true,
  errors: {
    invalid: { status: 404, message: FILE_LINK_PAGES.invalid.message },
    expired: { status: 410, message: FILE_LINK_PAGES.expired.message },
    accessEnded: { status: 403, message: FILE_LINK_PAGES.accessEnded.message },
    ndaOutdated: { status: 403, message: FILE_LINK_PAGES.ndaOutdated.message },
    unshared: { status: 403, message: FILE_LINK_PAGES.unshared.message },
    deactivated: { status: 403, message: FILE_LINK_PAGES.deactivated.message },
    notAllowed: { status: 403, message: FILE_LINK_PAGES.notAllowed.message },
    unstampable: { status: 409, message: FILE_LINK_PAGES.unstampable.message },
    downloadOff: { status: 403, message: FILE_LINK_PAGES.downloadOff.message },
    busy: { status: 503, message: FILE_LINK_PAGES.busy.message },
  },
});

/** GET /company_pictures/{key}: a company picture (public; the key changes on every upload, so it caches for long). */
export const companyPictureEndpoint = defineEndpoint({
  method: "GET",
  path: "/company_pictures/:key",
  summary: "A company picture (JPG or PNG), public, under its random key.",
  access: { who: "anyone" },
  params: PictureKeyParams,
  response: FileBody,
  errors: { notFound: { status: 404, message: DATA_ROOM_MESSAGES.pictureNotFound } },
});

/**
 * PATCH /companies/{id}/company_files/{fileId}: share a document with
 * approved buyers or stop sharing it, and allow or forbid their downloads
 * (decision 051); at least one of the two.
 */
export const ShareDataRoomFileRequest = Schema.Struct({
  shared: Schema.optional(Schema.Boolean.annotations({ message: () => DATA_ROOM_MESSAGES.badShare })),
  download_allowed: Schema.optional(Schema.Boolean.annotations({ message: () => DATA_ROOM_MESSAGES.badFileChange })),
}).pipe(
  // Said about `shared`: a message at the body's root would be the generic one.
  Schema.filter((change) => change.shared !== undefined || change.download_allowed !== undefined || { path: ["shared"], message: DATA_ROOM_MESSAGES.badFileChange }),
);
export type ShareDataRoomFileRequest = typeof ShareDataRoomFileRequest.Type;

export const shareDataRoomFileEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/companies/:id/company_files/:fileId",
  summary: "Share a data-room document with the buyers whose access request is approved or stop sharing it, and allow or forbid their downloads (owner or admin).",
  access: { who: "companyManager" },
  params: CompanyFileParams,
  body: ShareDataRoomFileRequest,
  response: DataRoomFile,
  errors: { notFound: fileNotFound, tooMany: { status: 429, message: DATA_ROOM_MESSAGES.tooManyChanges } },
});

/** Every data-room endpoint, for ALL_ENDPOINTS (the category ones are one per key). */
export const DATA_ROOM_ENDPOINTS: ReadonlyArray<Endpoint> = [
  uploadCompanyPictureEndpoint,
  ...DATA_ROOM_CATEGORIES.flatMap((category) => [listDataRoomFilesEndpoint(category), uploadDataRoomFilesEndpoint(category)]),
  openDataRoomFileEndpoint,
  downloadDataRoomFileEndpoint,
  reportReadingEndpoint,
  shareDataRoomFileEndpoint,
  listFileViewsEndpoint,
  downloadFileEndpoint,
  companyPictureEndpoint,
];
