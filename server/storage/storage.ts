import { randomBytes } from "node:crypto";

/**
 * Where uploaded bytes live (docs/decisions/015-files-and-storage.md): the
 * data room's files and the company pictures. The database keeps only the
 * metadata and the key; the key is random (128 bits), never derived from a
 * name or an id, so knowing a company or a file name says nothing about it.
 */
export interface Storage {
  readonly kind: "disk" | "s3";
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** 128 random bits, hex: the only shape of key we write (and accept from a URL). */
export const STORAGE_KEY_PATTERN = /^[0-9a-f]{32}$/;

export const newStorageKey = (): string => randomBytes(16).toString("hex");

export const isStorageKey = (key: string): boolean => STORAGE_KEY_PATTERN.test(key);

/** Keys are checked before they reach a path or a URL: nothing else is ever read or written. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error("invalid storage key");
}
