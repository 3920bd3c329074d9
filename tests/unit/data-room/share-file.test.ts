import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { DataRoomFile, DataRoomFileList } from "../../../contracts/data-room.ts";
import { dataRoomKeys } from "../../../src/features/data-room/api/data-room-keys.ts";
import { changeFileMutationOptions, type DataRoomFileChange } from "../../../src/features/data-room/api/share-file.ts";
import { ApiError } from "../../../src/lib/api-error.ts";

const file = (id: number, shared: boolean, downloadAllowed = false): DataRoomFile => ({
  id,
  category: "company_acta_constitutivas",
  filename: `acta-${id}.pdf`,
  content_type: "application/pdf",
  size_bytes: 48,
  issued_on: null,
  created_at: "2026-03-02T16:30:00.000Z",
  view_count: 0,
  download_allowed: downloadAllowed,
  page_count: 1,
  shared,
});

const KEY = dataRoomKeys.category(1, "company_acta_constitutivas");
const list = (client: QueryClient) => client.getQueryData<DataRoomFileList>(KEY)?.items.map((item) => [item.id, item.shared, item.download_allowed]);

function setup(answer: (fileId: number, change: DataRoomFileChange) => Promise<DataRoomFile>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData<DataRoomFileList>(KEY, { items: [file(1, false), file(2, false)] });
  const observer = () => new MutationObserver(client, changeFileMutationOptions(client, (_companyId, fileId, change) => answer(fileId, change)));
  return {
    client,
    change: (fileId: number, change: DataRoomFileChange) => observer().mutate({ companyId: 1, category: "company_acta_constitutivas", fileId, change }),
  };
}

describe("changing a data-room document's switches (src/features/data-room/api/share-file.ts)", () => {
  it("moves the sharing switch at once, then keeps what the server stored", async () => {
    let resolve: (value: DataRoomFile) => void = () => {};
    const sent: DataRoomFileChange[] = [];
    const { client, change } = setup((_fileId, body) => {
      sent.push(body);
      return new Promise((done) => (resolve = done));
    });
    const done = change(1, { shared: true });
    // Before the server answers.
    await vi.waitFor(() =>
      expect(list(client)).toEqual([
        [1, true, false],
        [2, false, false],
      ]),
    );
    resolve({ ...file(1, true), view_count: 3 });
    await done;
    expect(sent).toEqual([{ shared: true }]);
    expect(client.getQueryData<DataRoomFileList>(KEY)?.items[0]).toMatchObject({ shared: true, view_count: 3 });
  });

  it("moves the download switch the same way, sending only that field", async () => {
    const sent: DataRoomFileChange[] = [];
    const { client, change } = setup((_fileId, body) => {
      sent.push(body);
      return Promise.resolve(file(2, true, true));
    });
    client.setQueryData<DataRoomFileList>(KEY, { items: [file(1, false), file(2, true)] });
    await change(2, { download_allowed: true });
    expect(sent).toEqual([{ download_allowed: true }]);
    expect(list(client)).toEqual([
      [1, false, false],
      [2, true, true],
    ]);
  });

  it("puts the switch back when the server refuses, and only that file's", async () => {
    const { client, change } = setup(() => Promise.reject(new ApiError(429, "Hiciste demasiados cambios seguidos.")));
    client.setQueryData<DataRoomFileList>(KEY, { items: [file(1, false), file(2, true)] });
    await expect(change(1, { shared: true })).rejects.toBeInstanceOf(ApiError);
    expect(list(client)).toEqual([
      [1, false, false],
      [2, true, false],
    ]);
  });

  it("puts back only the field the failed change moved: the other switch keeps its own change", async () => {
    let refuse: (error: Error) => void = () => {};
    const { client, change } = setup((_fileId, body) =>
      body.download_allowed === undefined ? Promise.resolve(file(1, false)) : new Promise((_done, fail) => (refuse = fail)),
    );
    client.setQueryData<DataRoomFileList>(KEY, { items: [file(1, true), file(2, false)] });
    const download = change(1, { download_allowed: true });
    await vi.waitFor(() => expect(list(client)?.[0]).toEqual([1, true, true]));
    // Meanwhile the sharing switch moves (optimistically) and stays.
    client.setQueryData<DataRoomFileList>(KEY, (current) => (current === undefined ? current : { ...current, items: current.items.map((item) => (item.id === 1 ? { ...item, shared: false } : item)) }));
    refuse(new ApiError(500, "Falló."));
    await expect(download).rejects.toBeInstanceOf(ApiError);
    expect(list(client)?.[0]).toEqual([1, false, false]);
  });
});
