/** Times as an operator in the dealers' country reads them; the full instant is in each <time>'s dateTime. */
const DATE_TIME = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
const TIME = new Intl.DateTimeFormat('en-AU', { hour: '2-digit', minute: '2-digit', hour12: false });

export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

export function formatTime(iso: string): string {
  return TIME.format(new Date(iso));
}

/** 42 -> '42 s', 150 -> '2 min 30 s', 7260 -> '2 h 1 min', 90000 -> '1 d 1 h'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  if (s < 86400)
    return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
  return `${Math.floor(s / 86400)} d${Math.floor((s % 86400) / 3600) ? ` ${Math.floor((s % 86400) / 3600)} h` : ''}`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-AU');
}

/** The failure counts by kind, largest first: 'mount 2, render 1'. */
export function failureKinds(failures: Record<string, number>): { kind: string; count: number }[] {
  return Object.entries(failures)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => ({ kind, count }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}

export function totalFailures(failures: Record<string, number>): number {
  return Object.values(failures).reduce((sum, n) => sum + n, 0);
}

/**
 * A URL short enough for a table cell, its scheme left off: 'cdn.example.com/…/2.jpg' when the
 * whole is longer than `max`, the middle cut when even that is. The whole URL goes beside it (a
 * title, a link), never in place of it.
 */
export function shortUrl(url: string, max = 48): string {
  const bare = url.replace(/^https?:\/\//i, '');
  if (bare.length <= max) return bare;
  const slash = bare.indexOf('/');
  const short = slash === -1 ? bare : `${bare.slice(0, slash)}/…/${bare.slice(bare.lastIndexOf('/') + 1)}`;
  if (short.length <= max) return short;
  const half = Math.floor((max - 1) / 2);
  return `${bare.slice(0, half)}…${bare.slice(bare.length - half)}`;
}
