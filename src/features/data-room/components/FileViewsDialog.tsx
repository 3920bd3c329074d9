import type { DataRoomFile, FileView } from "../../../../contracts/data-room.ts";
import { QueryLoadError } from "../../../components/LoadError.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { Table, type TableColumn } from "../../../components/ui/Table.tsx";
import { useFileViews } from "../api/list-file-views.ts";
import { formatViewedAt } from "./data-room-rules.ts";
import * as styles from "./DataRoomPanel.css.ts";

const VIEW_COLUMNS: ReadonlyArray<TableColumn<FileView>> = [
  {
    header: "Persona",
    cell: (view) => (
      <span className={styles.viewer}>
        <span>{view.viewer_name}</span>
        <span className={styles.hint}>{view.viewer_email}</span>
      </span>
    ),
  },
  { header: "Rol", cell: (view) => view.viewer_role },
  { header: "Fecha y hora", cell: (view) => formatViewedAt(view.viewed_at) },
];

function FileViewsList({ companyId, file }: { readonly companyId: number; readonly file: DataRoomFile }) {
  const views = useFileViews(companyId, file.id);
  const data = views.data;
  if (views.isError) return <QueryLoadError queries={[views]} message="No pudimos cargar quién abrió el archivo." />;
  if (data === undefined) return <Spinner label="Cargando quién abrió el archivo" />;
  return (
    <Table
      caption={data.total === 1 ? "1 apertura registrada" : `${data.total} aperturas registradas`}
      columns={VIEW_COLUMNS}
      rows={data.items}
      rowKey={(view, index) => `${view.viewed_at}-${index}`}
      emptyMessage="Nadie ha abierto este archivo todavía."
    />
  );
}

export interface FileViewsDialogProps {
  readonly companyId: number;
  readonly file: DataRoomFile;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
}

/** The audit list of one file: who opened it, with which role, and when (newest first). */
export function FileViewsDialog({ companyId, file, isOpen, onOpenChange }: FileViewsDialogProps) {
  return (
    <Modal title={`Quién abrió ${file.filename}`} isOpen={isOpen} onOpenChange={onOpenChange}>
      {isOpen ? <FileViewsList companyId={companyId} file={file} /> : null}
    </Modal>
  );
}
