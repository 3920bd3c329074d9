import { join } from "node:path";
import { dataPaths } from "../db/paths.ts";

/** Where a running PGlite server answers dump requests (./socket.ts): a folder of its own, only the owner may enter. */
export const backupSocketIn = (dataDir: string): string => join(dataDir, "run", "backup.sock");

/** What a backup holds of one data directory (DATA_DIR, by default the checkout's `.data/`: server/db/paths.ts). */
export interface DataLayout {
  readonly root: string;
  readonly pglite: string;
  /** Uploads on disk: `<root>/uploads`, or UPLOADS_DIR. */
  readonly uploads: string;
  readonly jwtSecret: string;
  readonly webhookSecret: string;
  readonly backupSocket: string;
}

export const dataLayout = (root: string, uploadsDir?: string): DataLayout => {
  const paths = dataPaths(root);
  return {
    root,
    pglite: paths.pglite,
    uploads: uploadsDir ?? paths.uploads,
    jwtSecret: paths.jwtSecret,
    webhookSecret: paths.localWebhookSecret,
    backupSocket: backupSocketIn(root),
  };
};
