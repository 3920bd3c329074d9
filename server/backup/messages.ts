/** What the operator reads: one line each, in Spanish (the logs may say more, in English). */
export const BACKUP_MESSAGES = {
  noDatabase: (dir: string) => `No hay base de datos en ${dir}: no hay nada que respaldar.`,
  noPgDump: (program: string) => `DATABASE_URL apunta a PostgreSQL y no se encontró ${program}: instala el cliente de PostgreSQL (postgresql-client) o sigue docs/operations/backups.md.`,
  backupDone: (file: string, companies: number, files: number, megabytes: string) =>
    `Copia de seguridad creada: ${file} (${companies} empresas, ${files} archivos, ${megabytes} MB).`,
  archiveExists: (file: string) => `Ya existe ${file}: elige otro nombre (una copia nunca se escribe encima de otra).`,
  s3Uploads: "Los archivos están en S3: la copia no los incluye; respalda el bucket como indica docs/operations/backups.md.",
  jwtFromEnv: "JWT_SECRET viene del entorno: las sesiones seguirán valiendo tras restaurar solo con el mismo JWT_SECRET.",
  fileMissing: (file: string) => `No existe el archivo ${file}.`,
  foreign: (file: string) => `${file} no es una copia de seguridad de Puente: no se restauró nada.`,
  corrupt: (file: string) => `La copia ${file} está dañada o incompleta: no se restauró nada.`,
  newer: (file: string, version: string) => `La copia ${file} es de una versión más nueva de Puente (${version}): actualiza Puente antes de restaurarla.`,
  serverRunning: (dir: string) => `Hay un servidor de Puente usando ${dir}: detenlo antes de restaurar.`,
  notEmpty: (dir: string) => `${dir} ya tiene datos: usa --force para restaurar encima (los datos actuales se guardan aparte).`,
  postgresBackup: "Esta copia es de PostgreSQL: define DATABASE_URL con una base de datos vacía para restaurarla.",
  pgliteBackup: "Esta copia es de la base integrada: quita DATABASE_URL para restaurarla.",
  databaseNotEmpty: "La base de datos de DATABASE_URL ya tiene tablas: crea una vacía (createdb) y apunta DATABASE_URL a ella.",
  restoreDone: (dir: string, companies: number, users: number, files: number) => `Copia restaurada en ${dir}: ${companies} empresas, ${users} usuarios, ${files} archivos.`,
  movedAside: (dir: string) => `Los datos que había quedaron en ${dir}.`,
  usage: "Uso: npm run restore -- <archivo.tar.gz> [--force] [--data-dir <carpeta>]",
  failed: (detail: string) => `No se pudo completar: ${detail}`,
} as const;

/** A refusal or failure the operator can act on: its message is the line to show. */
export class BackupError extends Error {}
