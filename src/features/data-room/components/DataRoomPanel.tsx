import { useId, useRef, useState, type JSX, type ReactNode } from "react";
import { FileTrigger } from "react-aria-components";
import {
  DATA_ROOM_CATEGORIES,
  DATA_ROOM_CATEGORY_INFO,
  DATA_ROOM_GROUP_LABELS,
  DATA_ROOM_MESSAGES,
  type DataRoomCategory,
  type DataRoomFile,
  type DataRoomGroup,
} from "../../../../contracts/data-room.ts";
import { QueryLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { Switch } from "../../../components/ui/Switch.tsx";
import { Table, type TableColumn } from "../../../components/ui/Table.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { useOpenInNewTab } from "../../../hooks/useOpenInNewTab.ts";
import { fieldsOf } from "../../../lib/form-fields.ts";
import { toastApiError, toastError, toastSuccess } from "../../../lib/toast.ts";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { useDataRoomFiles } from "../api/list-files.ts";
import { useOpenDataRoomFile } from "../api/open-file.ts";
import { useChangeDataRoomFile, type DataRoomFileChange } from "../api/share-file.ts";
import { useUploadDataRoomFiles } from "../api/upload-files.ts";
import { ACCEPTED_FILE_TYPES, cifIssueDateError, DOWNLOAD_EXPLAINED, formatFileDate, selectionError, SHARING_EXPLAINED, todayInMexico, viewCountLabel } from "./data-room-rules.ts";
import { FileViewsDialog } from "./FileViewsDialog.tsx";
import * as styles from "./DataRoomPanel.css.ts";

/** Spec section 5: the too-large toast stays 3 s (other error toasts stay 5 s). */
const TOO_LARGE_TOAST_MS = 3000;

const GROUPS: ReadonlyArray<DataRoomGroup> = ["moral", "fisica"];

const categoriesOf = (group: DataRoomGroup): ReadonlyArray<DataRoomCategory> =>
  DATA_ROOM_CATEGORIES.filter((category) => DATA_ROOM_CATEGORY_INFO[category].group === group);

/** What the toast says once the server stored a change. */
const savedMessage = (change: DataRoomFileChange, saved: DataRoomFile): string =>
  change.download_allowed === undefined
    ? saved.shared
      ? DATA_ROOM_MESSAGES.shared
      : DATA_ROOM_MESSAGES.unshared
    : saved.download_allowed
      ? DATA_ROOM_MESSAGES.downloadAllowed
      : DATA_ROOM_MESSAGES.downloadBlocked;

/**
 * The document's switches: shared with approved buyers, and (only while
 * shared) whether they may download it (decision 051). Each moves at once;
 * the toast confirms what the server stored, and a failure puts it back and
 * says why. Each switch's name carries the file's name, so a screen reader
 * tells them apart; the sharing state is also written beside it (not only
 * the track's colour).
 */
function FileSwitches({ companyId, category, file }: { readonly companyId: number; readonly category: DataRoomCategory; readonly file: DataRoomFile }) {
  const share = useChangeDataRoomFile();
  const download = useChangeDataRoomFile();
  const helpId = useId();
  const change = (mutation: typeof share, fileChange: DataRoomFileChange) =>
    // Not disabled while saving (that would drop the focus): a press waits for the answer instead.
    mutation.isPending
      ? undefined
      : mutation.mutate(
          { companyId, category, fileId: file.id, change: fileChange },
          { onSuccess: (saved) => toastSuccess(savedMessage(fileChange, saved)), onError: toastApiError },
        );
  return (
    <div className={styles.share}>
      <Switch isSelected={file.shared} onChange={(shared) => change(share, { shared })}>
        <span>
          Compartir con compradores aprobados<span className={visuallyHidden}>: {file.filename}</span>
        </span>
      </Switch>
      <span className={file.shared ? styles.sharedState : styles.privateState} aria-hidden="true">
        {file.shared ? "Compartido" : "Privado"}
      </span>
      <Switch isSelected={file.download_allowed} isDisabled={!file.shared} aria-describedby={helpId} onChange={(allowed) => change(download, { download_allowed: allowed })}>
        <span>
          Permitir descarga<span className={visuallyHidden}>: {file.filename}</span>
        </span>
      </Switch>
      <span id={helpId} className={styles.switchHelp}>
        {file.shared ? DOWNLOAD_EXPLAINED : `${DOWNLOAD_EXPLAINED} Compártelo primero.`}
      </span>
    </div>
  );
}

interface FileActionsProps {
  readonly companyId: number;
  readonly file: DataRoomFile;
  readonly isOpening: boolean;
  readonly onOpen: (fileId: number) => void;
}

function FileActions({ companyId, file, isOpening, onOpen }: FileActionsProps) {
  const [viewsOpen, setViewsOpen] = useState(false);
  return (
    <>
      <div className={styles.rowActions}>
        <Button variant="secondary" isPending={isOpening} onPress={() => onOpen(file.id)}>
          Abrir<span className={visuallyHidden}> {file.filename} (se abre en una pestaña nueva)</span>
        </Button>
        <Button variant="ghost" onPress={() => setViewsOpen(true)}>
          Ver quién lo abrió<span className={visuallyHidden}> ({file.filename})</span>
        </Button>
      </div>
      <FileViewsDialog companyId={companyId} file={file} isOpen={viewsOpen} onOpenChange={setViewsOpen} />
    </>
  );
}

/** A category's files: the name names the row; sharing and the actions act on that file. */
function fileColumns(companyId: number, category: DataRoomCategory, opening: number | null, onOpen: (fileId: number) => void): ReadonlyArray<TableColumn<DataRoomFile>> {
  return [
    { header: "Archivo", isRowHeader: true, cell: (file) => file.filename },
    { header: "Fecha de carga", cell: (file) => formatFileDate(file.created_at) },
    { header: "Vistas", cell: (file) => viewCountLabel(file.view_count) },
    { header: "Compartir", cell: (file) => <FileSwitches companyId={companyId} category={category} file={file} /> },
    { header: "Acciones", cell: (file) => <FileActions companyId={companyId} file={file} isOpening={opening === file.id} onOpen={onOpen} /> },
  ];
}

function CategoryFiles({ companyId, category }: { readonly companyId: number; readonly category: DataRoomCategory }) {
  const files = useDataRoomFiles(companyId, category);
  const openFile = useOpenDataRoomFile();
  const { open, opening } = useOpenInNewTab((fileId: number) => openFile.mutateAsync({ companyId, category, fileId }));
  const data = files.data;
  const info = DATA_ROOM_CATEGORY_INFO[category];
  if (files.isError) return <QueryLoadError queries={[files]} message="No pudimos cargar los archivos de esta categoría." compact />;
  if (data === undefined) return <Spinner label={`Cargando ${info.label}`} />;
  return (
    <Table
      caption={`Archivos de ${info.label} (${DATA_ROOM_GROUP_LABELS[info.group]})`}
      hideCaption
      columns={fileColumns(companyId, category, opening, open)}
      rows={data.items}
      rowKey={(file) => file.id}
      emptyMessage="Aún no hay archivos en esta categoría."
    />
  );
}

function CategoryUpload({ companyId, category }: { readonly companyId: number; readonly category: DataRoomCategory }) {
  const info = DATA_ROOM_CATEGORY_INFO[category];
  const upload = useUploadDataRoomFiles();
  const [issuedOn, setIssuedOn] = useState("");
  const [dateError, setDateError] = useState<string | undefined>(undefined);
  const dateRef = useRef<HTMLInputElement>(null);
  // Checked when files are chosen (see onSelect); a change clears the message.
  const fields = fieldsOf({
    values: { issued_on: issuedOn },
    errors: { issued_on: dateError },
    change: (_key, value) => {
      setIssuedOn(value);
      setDateError(undefined);
    },
  });

  const onSelect = (list: FileList | null) => {
    if (upload.isPending) return;
    const files = list === null ? [] : Array.from(list);
    // The picker was closed without a choice.
    if (files.length === 0) return;
    const refused = selectionError(files);
    if (refused !== null) {
      toastError(refused, refused === DATA_ROOM_MESSAGES.tooLarge ? TOO_LARGE_TOAST_MS : undefined);
      return;
    }
    if (info.needsIssueDate) {
      const wrongDate = cifIssueDateError(issuedOn, todayInMexico());
      setDateError(wrongDate ?? undefined);
      if (wrongDate !== null) {
        dateRef.current?.focus();
        return;
      }
    }
    upload.mutate(
      { companyId, category, files, ...(info.needsIssueDate ? { issuedOn: issuedOn.trim() } : {}) },
      {
        onSuccess: () => toastSuccess(files.length === 1 ? DATA_ROOM_MESSAGES.uploaded : "Archivos cargados con éxito"),
        // Spec section 8 only logs a failed upload; we tell the owner why (the server's Spanish message).
        onError: toastApiError,
      },
    );
  };

  return (
    <div className={styles.uploadRow}>
      {info.needsIssueDate ? (
        <div className={styles.dateField}>
          <TextField
            {...fields.field("issued_on", { label: "Fecha de emisión", description: "Debe tener como máximo 3 meses de antigüedad." })}
            type="date"
            isRequired
            inputRef={dateRef}
          />
        </div>
      ) : null}
      <FileTrigger acceptedFileTypes={ACCEPTED_FILE_TYPES} allowsMultiple onSelect={onSelect}>
        <Button isPending={upload.isPending}>
          Subir archivos<span className={visuallyHidden}> a {info.label} ({DATA_ROOM_GROUP_LABELS[info.group]})</span>
        </Button>
      </FileTrigger>
      <p className={styles.hint}>PDF, JPG o PNG; máximo 5 MB por archivo.</p>
      <span className={visuallyHidden} aria-live="polite">
        {upload.isPending ? "Subiendo archivos…" : ""}
      </span>
    </div>
  );
}

interface CategorySectionProps {
  readonly companyId: number;
  readonly category: DataRoomCategory;
  /** The group's heading: both groups have a CIF, so a category is named with its group ("… Persona moral"). */
  readonly groupTitleId: string;
}

function CategorySection({ companyId, category, groupTitleId }: CategorySectionProps) {
  const headingId = useId();
  const titleId = `${headingId} ${groupTitleId}`;
  return (
    <section className={styles.category} aria-labelledby={titleId}>
      <h4 id={headingId} className={styles.categoryTitle}>
        {DATA_ROOM_CATEGORY_INFO[category].label}
      </h4>
      <CategoryFiles companyId={companyId} category={category} />
      <CategoryUpload companyId={companyId} category={category} />
    </section>
  );
}

/**
 * The data room of one company (spec section 2): per group (persona moral,
 * persona física) each category's files with their real view counts, who
 * opened each one, whether approved buyers may open it, and the upload. `kybAction` (the 'KYB básico' button) is
 * composed in by the app. Files are not removed here: the spec's removal was
 * local to the list only, which would hide a file the server still keeps.
 */
export function DataRoomPanel(props: { readonly companyId: number; readonly kybAction?: ReactNode }): JSX.Element {
  const { companyId, kybAction } = props;
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Dataroom
        </h2>
        {kybAction}
      </div>
      <p className={styles.intro}>
        Sube los documentos de tu empresa por categoría. Solo tú y el equipo de Puente pueden abrirlos, salvo los que compartas con compradores aprobados, y
        cada apertura queda registrada.
      </p>
      <p className={styles.sharingNote}>
        <strong>Compartir un documento:</strong> {SHARING_EXPLAINED}
      </p>
      {GROUPS.map((group) => (
        <GroupSection key={group} companyId={companyId} group={group} />
      ))}
    </section>
  );
}

function GroupSection({ companyId, group }: { readonly companyId: number; readonly group: DataRoomGroup }) {
  const titleId = useId();
  return (
    <section className={styles.group} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.groupTitle}>
        {DATA_ROOM_GROUP_LABELS[group]}
      </h3>
      {categoriesOf(group).map((category) => (
        <CategorySection key={category} companyId={companyId} category={category} groupTitleId={titleId} />
      ))}
    </section>
  );
}
