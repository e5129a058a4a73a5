import { formatDateTime } from './format';

/** An instant as the console writes it (the full one in its dateTime), or `none` when there is none. */
export function When({ at, none = 'never' }: { at: string | null; none?: string }) {
  return at ? <time dateTime={at}>{formatDateTime(at)}</time> : <>{none}</>;
}
