import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { DataRoomFile, DataRoomFileList } from "../../../contracts/data-room.ts";
import { dataRoomKeys } from "../../../src/features/data-room/api/data-room-keys.ts";
import { shareFileMutationOptions } from "../../../src/features/data-room/api/share-file.ts";
import { ApiError } from "../../../src/lib/api-error.ts";

const file = (id: number, shared: boolean): DataRoomFile => ({
  id,
  category: "company_acta_constitutivas",
  filename: `acta-${id}.pdf`,
  content_type: "application/pdf",
  size_bytes: 48,
  issued_on: null,
  created_at: "2026-03-02T16:30:00.000Z",
  view_count: 0,
  download_allowed: false,
  page_count: 1,
  shared,
});

const KEY = dataRoomKeys.category(1, "company_acta_constitutivas");
const list = (client: QueryClient) => client.getQueryData<DataRoomFileList>(KEY)?.items.map((item) => [item.id, item.shared]);

function setup(answer: (fileId: number, shared: boolean) => Promise<DataRoomFile>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData<DataRoomFileList>(KEY, { items: [file(1, false), file(2, false)] });
  const observer = new MutationObserver(client, shareFileMutationOptions(client, (_companyId, fileId, shared) => answer(fileId, shared)));
  return { client, share: (fileId: number, shared: boolean) => observer.mutate({ companyId: 1, category: "company_acta_constitutivas", fileId, shared }) };
}

describe("sharing a data-room document (src/features/data-room/api/share-file.ts)", () => {
  it("moves the switch at once, then keeps what the server stored", async () => {
    let resolve: (value: DataRoomFile) => void = () => {};
    const { client, share } = setup(() => new Promise((done) => (resolve = done)));
    const done = share(1, true);
    // Before the server answers.
    await vi.waitFor(() =>
      expect(list(client)).toEqual([
        [1, true],
        [2, false],
      ]),
    );
    resolve({ ...file(1, true), view_count: 3 });
    await done;
    expect(client.getQueryData<DataRoomFileList>(KEY)?.items[0]).toMatchObject({ shared: true, view_count: 3 });
  });

  it("puts the switch back when the server refuses, and only that file's", async () => {
    const { client, share } = setup(() => Promise.reject(new ApiError(429, "Hiciste demasiados cambios seguidos.")));
    client.setQueryData<DataRoomFileList>(KEY, { items: [file(1, false), file(2, true)] });
    await expect(share(1, true)).rejects.toBeInstanceOf(ApiError);
    expect(list(client)).toEqual([
      [1, false],
      [2, true],
    ]);
  });
});
