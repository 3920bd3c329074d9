import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { assertStorageKey, type Storage } from "./storage.ts";

/** S3_* (server/config.ts): an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2). */
export interface S3Settings {
  readonly bucket: string;
  readonly region: string;
  /** A non-AWS endpoint (MinIO, R2); absent: AWS. */
  readonly endpoint?: string | undefined;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Path-style URLs (bucket in the path), which MinIO needs. */
  readonly forcePathStyle: boolean;
}

/** Objects under `uploads/<key>` in the bucket; the bucket stays private (we serve the bytes ourselves). */
export function createS3Storage(settings: S3Settings, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      maxAttempts: 3,
    });
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `uploads/${key}`;
  };
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      await s3.send(new PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        if (answer.Body === undefined) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}
