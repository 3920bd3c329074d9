import { join } from "node:path";

/** Where one installation keeps what a backup holds: by default the checkout's `.data/` (server/db/paths.ts). */
export interface DataLayout {
  readonly root: string;
  readonly pglite: string;
  /** Uploads on disk: `<root>/uploads`, or UPLOADS_DIR. */
  readonly uploads: string;
  readonly jwtSecret: string;
  readonly webhookSecret: string;
  /** Where a running server answers dump requests (./socket.ts). */
  readonly backupSocket: string;
}

export const dataLayout = (root: string, uploadsDir?: string): DataLayout => ({
  root,
  pglite: join(root, "pglite"),
  uploads: uploadsDir ?? join(root, "uploads"),
  jwtSecret: join(root, "jwt-secret"),
  webhookSecret: join(root, "payments-webhook-secret"),
  backupSocket: join(root, "run", "backup.sock"),
});
