import { FILE_LINK_PAGES } from "../../../../contracts/data-room.ts";

const FAILED = "No pudimos mostrar el documento. Vuelve a abrirlo desde el perfil de la empresa.";

/** The viewer's Spanish text (decision 051), in one place. */
export const VIEWER_TEXT = {
  back: "Volver al perfil de la empresa",
  loading: "Cargando el documento",
  toolbar: "Páginas del documento",
  previous: "Página anterior",
  next: "Página siguiente",
  download: "Descargar",
  noDownload: "La empresa no permite descargarlo",
  notFound: "Este documento no existe.",
  failed: FAILED,
  sheetLabel: "Documento: usa las flechas izquierda y derecha para cambiar de página",
  buyerNotice:
    "Este documento lleva tu nombre y tu correo como marca de agua en cada página. La empresa ve qué páginas lees y cuánto tiempo, como parte del acuerdo de confidencialidad.",
  managerNotice: "Lo ves tal como se subió, sin marca de agua; tus lecturas no cuentan en las estadísticas de la empresa.",
  pageOf: (page: number, count: number) => `Página ${page} de ${count}`,
  pageLabel: (page: number, count: number, filename: string) => `Página ${page} de ${count} de ${filename}`,
  imageLabel: (filename: string) => `Imagen ${filename}`,
  /** The file link's refusals, as the viewer says them (the link itself answers pages meant for a browser tab). */
  failedStatus: (status: number): string => {
    if (status === 409) return FILE_LINK_PAGES.unstampable.message;
    if (status === 503) return `${FILE_LINK_PAGES.busy.message} Intenta de nuevo en unos segundos.`;
    if (status === 403) return FILE_LINK_PAGES.accessEnded.message;
    if (status === 410) return FILE_LINK_PAGES.expired.message;
    return FAILED;
  },
} as const;
