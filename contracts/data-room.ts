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
/** Spec section 9: a CIF (Constancia de Situación Fiscal) at most this many months old. */
export const CIF_MAX_AGE_MONTHS = 3;

export const DATA_ROOM_MESSAGES = {
  /** Spec section 5: the red toast, 3 s. */
  tooLarge: "El archivo excede los 5MB.",
  badType: "Solo se aceptan archivos PDF o imágenes (JPG o PNG).",
  badPictureType: "La imagen debe ser JPG o PNG.",
  noFile: "Selecciona un archivo.",
  tooManyFiles: `Puedes subir hasta ${MAX_FILES_PER_UPLOAD} archivos a la vez.`,
  cifIssuedOnRequired: "Indica la fecha de emisión de tu Constancia de Situación Fiscal.",
  cifTooOld: "La Constancia de Situación Fiscal debe tener como máximo 3 meses de antigüedad.",
  cifInFuture: "La fecha de emisión no puede ser posterior a hoy.",
  fileNotFound: "El archivo no existe.",
  linkExpired: "El enlace para abrir el archivo expiró. Vuelve a abrirlo desde el dataroom.",
  pictureSaved: "Imagen guardada con éxito",
  uploaded: "Archivo cargado con éxito",
  pictureNotFound: "La imagen no existe.",
  badShare: "Indica si el documento se comparte con los compradores aprobados.",
  shared: "Documento compartido con los compradores aprobados.",
  unshared: "El documento dejó de compartirse.",
  tooManyChanges: "Hiciste demasiados cambios seguidos. Espera unos minutos e intenta de nuevo.",
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

/** GET /companies/{id}/company_files/{fileId}: where to open the file, for a few minutes. */
export const SignedFileUrl = Schema.Struct({
  url: Schema.String,
  expires_at: Schema.String,
});
export type SignedFileUrl = typeof SignedFileUrl.Type;

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

/** POST /companies/{id}/company_files/{category}: upload files (multipart `files[]`); PDF or images by content, 5 MB each. */
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
  response: SignedFileUrl,
  errors: { notFound: fileNotFound },
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
    Schema.maxLength(200, { message: () => DATA_ROOM_MESSAGES.linkExpired }),
    Schema.pattern(/^[\w.-]+$/, { message: () => DATA_ROOM_MESSAGES.linkExpired }),
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
 * carries no session, so the URL is the permission), until it expires.
 */
export const downloadFileEndpoint = defineEndpoint({
  method: "GET",
  path: "/files/:token",
  summary: "The bytes of a data-room file, through a signed URL that expires after 5 minutes (inline, no-store, sandboxed).",
  // The signed link is the permission (a new tab has no session); it is checked again against the viewer's access.
  access: { who: "token" },
  params: FileTokenParams,
  response: FileBody,
  errors: { linkExpired: { status: 404, message: DATA_ROOM_MESSAGES.linkExpired } },
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

/** PATCH /companies/{id}/company_files/{fileId}: share a document with approved buyers, or stop sharing it. */
export const ShareDataRoomFileRequest = Schema.Struct({
  shared: Schema.propertySignature(Schema.Boolean.annotations({ message: () => DATA_ROOM_MESSAGES.badShare })).annotations({
    missingMessage: () => DATA_ROOM_MESSAGES.badShare,
  }),
});
export type ShareDataRoomFileRequest = typeof ShareDataRoomFileRequest.Type;

export const shareDataRoomFileEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/companies/:id/company_files/:fileId",
  summary: "Share a data-room document with the buyers whose access request is approved, or stop sharing it (owner or admin).",
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
  shareDataRoomFileEndpoint,
  listFileViewsEndpoint,
  downloadFileEndpoint,
  companyPictureEndpoint,
];
