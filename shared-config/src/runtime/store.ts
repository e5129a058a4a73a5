import { atom, createStore } from 'jotai';
import type { PublicTenantConfig } from '../tenant/schema';
import type { SearchAccess } from './manifest';

/**
 * The one jotai store of a page. shared-config is a Module Federation singleton, so this module
 * is evaluated once per page and every React root (one per mounted app) is given this store.
 */
export const forecourtStore = createStore();

/** The tenant this page belongs to; the shell sets it from the boot data before mounting apps. */
export const tenantAtom = atom<PublicTenantConfig | null>(null);

/** How this page searches stock (application, secured key, indexes); set by the shell at boot. */
export const searchAccessAtom = atom<SearchAccess | null>(null);

export interface SignedInUser {
  /** Normalised Australian mobile number, e.g. 0412345678. */
  phone: string;
}

export type Session = { status: 'signed-out' } | { status: 'signed-in'; user: SignedInUser };

/** Signed-in state. The server session (HttpOnly cookie) is the truth; this mirrors it. */
export const sessionAtom = atom<Session>({ status: 'signed-out' });

/** The car ids on the signed-in shopper's watchlist on this site; null until read (or signed out). */
export const watchlistAtom = atom<string[] | null>(null);

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'error';
  action?: { label: string; href: string };
  /** How long it stays, in ms. */
  durationMs: number;
}

/** The single visible toast: the spec allows one at a time, so a new one replaces the old. */
export const toastAtom = atom<Toast | null>(null);

let toastSeq = 0;

export function showToast(
  toast: Omit<Toast, 'id' | 'durationMs' | 'tone'> & Partial<Pick<Toast, 'durationMs' | 'tone'>>,
): void {
  toastSeq += 1;
  forecourtStore.set(toastAtom, { tone: 'info', durationMs: 4000, ...toast, id: toastSeq });
}

export function dismissToast(id: number): void {
  if (forecourtStore.get(toastAtom)?.id === id) forecourtStore.set(toastAtom, null);
}
