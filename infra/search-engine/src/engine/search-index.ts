/**
 * The engine's indices: every index of one application by name (`IndexStore`), replicas sharing
 * their primary's records. One index, its settings, synonyms, writes and search, is a
 * `SearchIndex` (`single-index.ts`); the checks of written records are in `record-updates.ts`.
 * The service, the snapshot and the reference implementation import all of them from here.
 */
import { badRequest, SearchError } from './errors';
import { RecordStore, type RecordBlobWriter, type RecordStoreSnapshot } from './record-store';
import { SearchIndex } from './single-index';
import { validateSettings, type IndexSettings } from './settings';
import { validateSynonym, type SynonymHit } from './synonyms';

export { applyPartial, checkObjectID } from './record-updates';
export { deadlineCheck, filterTreeOf, SearchIndex, SearchTimeError, type SearchOptions } from './single-index';

/** Every index of an application as plain data (see `snapshot.ts`); replicas point at their primary's store. */
export interface IndexStoreSnapshot {
  stores: RecordStoreSnapshot[];
  indices: Array<{ name: string; settings: IndexSettings; synonyms: SynonymHit[]; store: number }>;
}

/** Every index of one application, by name, with replicas sharing their primary's records. */
export class IndexStore {
  private readonly indices = new Map<string, SearchIndex>();
  private taskCounter = 0;

  /**
   * Builds every index's structures (so a snapshot holds them) and returns the whole store as
   * data, the records' text going to `blob` (the snapshot's record section).
   */
  toSnapshot(blob: RecordBlobWriter): IndexStoreSnapshot {
    const stores: RecordStore[] = [];
    const indices: IndexStoreSnapshot['indices'] = [];
    for (const index of this.indices.values()) {
      index.warm();
      let at = stores.indexOf(index.store);
      if (at < 0) at = stores.push(index.store) - 1;
      indices.push({ name: index.name, settings: index.settings, synonyms: index.synonyms.all(), store: at });
    }
    return { stores: stores.map((s) => s.toSnapshot(blob)), indices };
  }

  /** The store `snapshot` describes, over the snapshot's record section `blob`. */
  static fromSnapshot(snapshot: IndexStoreSnapshot, blob: Buffer): IndexStore {
    const out = new IndexStore();
    const stores = snapshot.stores.map((s) => RecordStore.fromSnapshot(s, blob));
    for (const entry of snapshot.indices) {
      const store = stores[entry.store];
      if (!store) throw new Error(`snapshot: index '${entry.name}' has no record store`);
      const index = new SearchIndex(entry.name, store);
      index.applySettings(entry.settings);
      index.saveSynonyms(entry.synonyms);
      out.indices.set(entry.name, index);
    }
    return out;
  }

  /** Replaces every index with those of `other` (a restored snapshot). */
  replaceWith(other: IndexStore): void {
    this.indices.clear();
    for (const [name, index] of other.indices) this.indices.set(name, index);
  }

  /**
   * Changes whenever any index's records, settings or synonyms change, or an index comes or
   * goes: the snapshot writer compares it to the last saved one.
   */
  stamp(): string {
    return [...this.indices.values()].map((i) => `${i.name}:${i.stamp()}`).join('|');
  }

  nextTaskID(): number {
    return ++this.taskCounter;
  }

  get(name: string): SearchIndex | undefined {
    return this.indices.get(name);
  }

  /** The index or a 404 `SearchError` ("Index does not exist"). */
  require(name: string): SearchIndex {
    const index = this.indices.get(name);
    if (!index) throw new SearchError(404, 'Index does not exist');
    return index;
  }

  getOrCreate(name: string): SearchIndex {
    if (name === '' || name.length > 256) throw badRequest('indexName: must be 1 to 256 characters');
    let index = this.indices.get(name);
    if (!index) {
      index = new SearchIndex(name);
      this.indices.set(name, index);
    }
    return index;
  }

  names(): string[] {
    return [...this.indices.keys()].sort();
  }

  delete(name: string): boolean {
    const index = this.indices.get(name);
    if (!index) return false;
    this.indices.delete(name);
    // Replicas of a deleted primary become independent indices holding a copy of the records.
    for (const replica of index.settings.replicas ?? []) {
      const r = this.indices.get(replica);
      if (r && r.settings.primary === name) this.detach(r);
    }
    if (typeof index.settings.primary === 'string') {
      const primary = this.indices.get(index.settings.primary);
      if (primary) primary.applySettings({ replicas: (primary.settings.replicas ?? []).filter((n) => n !== name) });
    }
    return true;
  }

  private detach(replica: SearchIndex): void {
    replica.store = replica.store.copy();
    const { primary: _primary, ...rest } = replica.settings;
    const fresh = new SearchIndex(replica.name, replica.store);
    fresh.applySettings(rest);
    fresh.synonyms = replica.synonyms;
    this.indices.set(replica.name, fresh);
  }

  /** The index (created if missing) and, with `forwardToReplicas`, its replicas that exist. */
  private synonymTargets(name: string, forwardToReplicas: boolean): SearchIndex[] {
    const index = this.getOrCreate(name);
    if (!forwardToReplicas) return [index];
    const replicas = (index.settings.replicas ?? [])
      .map((r) => this.indices.get(r))
      .filter((r): r is SearchIndex => r !== undefined);
    return [index, ...replicas];
  }

  /** saveSynonym / saveSynonyms (`replaceExistingSynonyms`), on the index and optionally its replicas. */
  saveSynonyms(name: string, hits: unknown[], options: { forwardToReplicas?: boolean; replace?: boolean } = {}): void {
    const valid = hits.map((h, i) => validateSynonym(h, hits.length === 1 ? 'synonym' : `synonyms[${i}]`));
    for (const index of this.synonymTargets(name, options.forwardToReplicas === true))
      index.saveSynonyms(valid, options.replace === true);
  }

  deleteSynonym(name: string, objectID: string, forwardToReplicas = false): void {
    for (const index of this.synonymTargets(name, forwardToReplicas)) index.synonyms.delete(objectID);
  }

  clearSynonyms(name: string, forwardToReplicas = false): void {
    for (const index of this.synonymTargets(name, forwardToReplicas)) index.synonyms.clear();
  }

  getSynonym(name: string, objectID: string): SynonymHit {
    const hit = this.require(name).synonyms.get(objectID);
    if (!hit) throw new SearchError(404, 'Synonym set does not exist');
    return hit;
  }

  /**
   * setSettings. With `replicas`, each named replica is created (with a copy of these settings)
   * or attached; replicas dropped from the list become independent. With `forwardToReplicas`,
   * the changes except `replicas` and `customRanking` are applied to the replicas too.
   */
  setSettings(name: string, changes: IndexSettings, forwardToReplicas = false): SearchIndex {
    const validated = validateSettings(changes);
    if ('primary' in validated) throw badRequest('primary: read-only setting');
    const index = this.getOrCreate(name);
    const before = index.settings.replicas ?? [];
    if (validated.replicas !== undefined) {
      if (index.isReplica) throw badRequest('replicas: a replica cannot have replicas');
      for (const replica of validated.replicas) {
        if (replica === name) throw badRequest('replicas: an index cannot be its own replica');
        const existing = this.indices.get(replica);
        if (existing?.settings.primary !== undefined && existing.settings.primary !== name) {
          throw badRequest(`replicas: '${replica}' is already a replica of '${String(existing.settings.primary)}'`);
        }
      }
    }
    index.applySettings(validated);
    if (validated.replicas !== undefined) {
      for (const old of before) {
        const r = this.indices.get(old);
        if (!validated.replicas.includes(old) && r && r.settings.primary === name) this.detach(r);
      }
      for (const replicaName of validated.replicas) {
        const existing = this.indices.get(replicaName);
        if (existing && existing.settings.primary === name) continue;
        const { replicas: _r, ...copied } = index.settings;
        const replica = new SearchIndex(replicaName, index.store);
        replica.applySettings({ ...copied, ...(existing ? existing.settings : {}), primary: name });
        this.indices.set(replicaName, replica);
      }
    }
    if (forwardToReplicas && !index.isReplica) {
      const { replicas: _r, customRanking: _c, ranking: _k, ...forwarded } = validated;
      for (const replicaName of index.settings.replicas ?? []) this.indices.get(replicaName)?.applySettings(forwarded);
    }
    return index;
  }
}
