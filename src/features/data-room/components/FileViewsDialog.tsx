import type { DataRoomFile } from "../../../../contracts/data-room.ts";
import { QueryLoadError } from "../../../components/LoadError.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useFileViews } from "../api/list-file-views.ts";
import { formatViewedAt } from "./data-room-rules.ts";
import * as styles from "./DataRoomPanel.css.ts";

function FileViewsList({ companyId, file }: { readonly companyId: number; readonly file: DataRoomFile }) {
  const views = useFileViews(companyId, file.id);
  const data = views.data;
  if (views.isError) return <QueryLoadError queries={[views]} message="No pudimos cargar quién abrió el archivo." />;
  if (data === undefined) return <Spinner label="Cargando quién abrió el archivo" />;
  if (data.items.length === 0) return <p className={styles.muted}>Nadie ha abierto este archivo todavía.</p>;
  return (
    <div className={styles.tableScroller}>
      <table className={styles.table}>
        <caption className={styles.hint}>{data.total === 1 ? "1 apertura registrada" : `${data.total} aperturas registradas`}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.headerCell}>
              Persona
            </th>
            <th scope="col" className={styles.headerCell}>
              Rol
            </th>
            <th scope="col" className={styles.headerCell}>
              Fecha y hora
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((view, index) => (
            <tr key={`${view.viewed_at}-${index}`}>
              <td className={styles.cell}>
                <span className={styles.viewer}>
                  <span>{view.viewer_name}</span>
                  <span className={styles.hint}>{view.viewer_email}</span>
                </span>
              </td>
              <td className={styles.cell}>{view.viewer_role}</td>
              <td className={styles.cell}>{formatViewedAt(view.viewed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
