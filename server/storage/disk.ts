import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { assertStorageKey, type Storage } from "./storage.ts";

/**
 * Files on the local disk (the default): `<dir>/<key[0..2]>/<key>`, written
 * to a temporary name and renamed, so a reader never sees half a file.
 * The content type is not stored here: the database row has it.
 */
export function createDiskStorage(dir: string): Storage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(dir, key.slice(0, 2), key);
  };
  return {
    kind: "disk",
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      const temporary = `${path}.${process.pid}.partial`;
      await writeFile(temporary, bytes, { flag: "wx" });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (typeof error === "object" && error !== null && Reflect.get(error, "code") === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
