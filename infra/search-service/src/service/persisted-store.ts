import { IndexStore } from '@forecourt/search-engine/engine';
import { readSnapshot, recordCounts, SnapshotError, SnapshotWriter } from '@forecourt/search-engine/engine/snapshot';
import type { SnapshotHooks } from '../indexing/indexer';

/** A snapshot read at start: null when there is none. */
export type RestoredSnapshot = Awaited<ReturnType<typeof readSnapshot>>;

/** An index store kept in a snapshot file: the embedded service's, and the search service process's. */
export interface PersistedStore {
  store: IndexStore;
  writer: SnapshotWriter;
  /** How the indexer learns what the restored snapshot was built from, and saves after a rebuild. */
  hooks: SnapshotHooks;
  /** The snapshot file's bytes the store was restored from (the search workers load them as they are). */
  restoredFrom?: Buffer;
  /** Records per index restored from the snapshot; absent when there was none. */
  restoredRecords?: Record<string, number>;
}

interface Log {
  info(details: object, message: string): void;
  warn(details: object | string, message?: string): void;
}

/**
 * Loads the store from `file` (or the read already under way, `snapshot`) and keeps the file in
 * step with it; `onSaved` hears each save (the operator console shows the snapshot's age). A file that is truncated, corrupt or of another format is ignored with a warning:
 * the indexer then rebuilds from the database.
 */
export async function openPersistedStore(
  file: string,
  log: Log,
  snapshot?: Promise<RestoredSnapshot>,
  onSaved?: () => void,
): Promise<PersistedStore> {
  const store = new IndexStore();
  const writer = new SnapshotWriter(file, store, {
    onSaved: (meta, ms) => {
      log.info({ records: meta.records, ms }, 'search: snapshot saved');
      onSaved?.();
    },
    onError: (error) =>
      log.warn(
        { err: error },
        'search: the snapshot could not be saved; the index is rebuilt from the database on the next start',
      ),
  });
  let restored: { fingerprint: string; records: Record<string, number> } | null = null;
  const persisted: PersistedStore = {
    store,
    writer,
    hooks: {
      takeRestored: () => {
        const offered = restored;
        restored = null;
        return offered;
      },
      rebuilding: () => writer.pause(),
      indexed: (fingerprint) => writer.saveNow(fingerprint),
    },
  };
  try {
    const loaded = await (snapshot ?? readSnapshot(file));
    if (loaded) {
      persisted.restoredFrom = loaded.bytes;
      store.replaceWith(loaded.store);
      writer.markSaved(loaded.meta.fingerprint);
      if (loaded.meta.fingerprint !== null)
        restored = { fingerprint: loaded.meta.fingerprint, records: recordCounts(store) };
      persisted.restoredRecords = recordCounts(store);
    }
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    log.warn(`search: ignoring the snapshot ${file} (${error.message}); the index is rebuilt from the database`);
  }
  return persisted;
}
