/**
 * The records written to an index: the check of a body's objectID, and a partial update's
 * changes applied (Algolia's built-in operations among them), the same for the index and the
 * reference implementation.
 */
import { badRequest } from './errors';
import type { Json, SearchRecord } from './values';

export function checkObjectID(body: unknown): asserts body is SearchRecord {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('record: expected a JSON object');
  const id = (body as { objectID?: unknown }).objectID;
  if (typeof id !== 'string' || id === '') throw badRequest('record: objectID must be a non-empty string');
}

type Operation = { _operation: string; value?: Json };
function isOperation(v: unknown): v is Operation {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    typeof (v as { _operation?: unknown })._operation === 'string'
  );
}

/** Applies a partial update, including Algolia's built-in operations (Increment, Add, ...). */
export function applyPartial(base: SearchRecord, changes: Record<string, unknown>): SearchRecord {
  const out: Record<string, Json> = { ...base };
  for (const [key, change] of Object.entries(changes)) {
    if (key === 'objectID') continue;
    if (!isOperation(change)) {
      out[key] = change as Json;
      continue;
    }
    const current = out[key];
    const value = change.value ?? null;
    const list = Array.isArray(current) ? current : current === undefined || current === null ? [] : [current];
    switch (change._operation) {
      case 'Increment':
      case 'IncrementFrom':
      case 'IncrementSet':
        out[key] = (typeof current === 'number' ? current : 0) + (typeof value === 'number' ? value : 0);
        break;
      case 'Decrement':
        out[key] = (typeof current === 'number' ? current : 0) - (typeof value === 'number' ? value : 0);
        break;
      case 'Add':
        out[key] = [...list, value];
        break;
      case 'AddUnique':
        out[key] = list.some((v) => JSON.stringify(v) === JSON.stringify(value)) ? list : [...list, value];
        break;
      case 'Remove':
        out[key] = list.filter((v) => JSON.stringify(v) !== JSON.stringify(value));
        break;
      default:
        throw badRequest(`partialUpdateObject: unknown _operation '${change._operation}'`);
    }
  }
  return out as SearchRecord;
}
