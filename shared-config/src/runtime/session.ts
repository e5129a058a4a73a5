import { atom, useAtomValue } from 'jotai';
import type { SessionAnswer, WatchlistAnswer } from '../identity';
import { track } from './analytics';
import { paths } from './paths';
import { forecourtStore, sessionAtom, showToast, type Session } from './store';

/**
 * The signed-in state every remote reads, and the watchlist a signed-in shopper keeps. The
 * server session (an HttpOnly cookie, which no script can read) is the truth: the shell asks
 * `/api/session` once per page and everything here mirrors the answer.
 */

export const SESSION_ENDPOINT = '/api/session';
/** Spec: analytics event 39, watchlist save. */
export const WATCHLIST_SAVE_EVENT = 39;
/** Spec toasts. */
export const SAVED_TOAST = 'Car Saved In Watchlist';
export const REMOVED_TOAST = 'Car Removed';

export const useSession = (): Session => useAtomValue(sessionAtom, { store: forecourtStore });

/** Asks the server who this browser is signed in as on this site; a failure leaves the page signed out. */
export async function refreshSession(): Promise<Session> {
  try {
    const response = await fetch(SESSION_ENDPOINT, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const answer = (await response.json()) as SessionAnswer;
    const session: Session = answer.user ? { status: 'signed-in', user: { phone: answer.user.phone } } : { status: 'signed-out' };
    // Most pages are signed out before and after: set only a change, so nothing renders again for it.
    const before = forecourtStore.get(sessionAtom);
    const same = before.status === session.status && (before.status !== 'signed-in' || (session.status === 'signed-in' && before.user.phone === session.user.phone));
    if (!same) forecourtStore.set(sessionAtom, session);
    if (session.status === 'signed-in') void loadWatchlist();
    return session;
  } catch (error) {
    console.warn('[forecourt] the session could not be read; showing the page signed out', error);
    return forecourtStore.get(sessionAtom);
  }
}

/** The page starts signed in (the server said so in the boot data): the state, then the watchlist. */
export function startSignedIn(user: { phone: string }): void {
  forecourtStore.set(sessionAtom, { status: 'signed-in', user: { phone: user.phone } });
  void loadWatchlist();
}

/** Ends the session on the server, then here. */
export async function signOut(): Promise<void> {
  await fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' });
  forecourtStore.set(sessionAtom, { status: 'signed-out' });
  forecourtStore.set(watchlistAtom, null);
}

/** Where a signed-out shopper goes to sign in and come back here (spec: type, redirect, back). */
export function signInHref(type: string, here: string = `${location.pathname}${location.search}`): string {
  return paths.signIn(type, here, here);
}

/** The car ids on the signed-in shopper's watchlist on this site; null until read (or signed out). */
export const watchlistAtom = atom<string[] | null>(null);
export const useWatchlist = (): string[] | null => useAtomValue(watchlistAtom, { store: forecourtStore });

export async function loadWatchlist(): Promise<void> {
  try {
    const response = await fetch('/api/watchlist', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { cars } = (await response.json()) as { cars: Array<{ car_id: string }> };
    forecourtStore.set(watchlistAtom, cars.map((c) => c.car_id));
  } catch (error) {
    console.warn('[forecourt] the watchlist could not be read', error);
  }
}

async function callWatchlist(action: 'save-car' | 'remove-car', carId: string, phone: string): Promise<WatchlistAnswer> {
  try {
    const response = await fetch(`/api/watchlist/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The spec's payload; the server takes the phone from the session, not from here.
      body: JSON.stringify({ phone_number: phone, car_id: carId }),
      credentials: 'same-origin',
    });
    const answer = (await response.json().catch(() => null)) as (WatchlistAnswer & { error?: string }) | null;
    if (response.ok && answer?.success) return { success: true };
    return { success: false, message: (answer && !answer.success && answer.message) || answer?.error || `The watchlist could not be changed (HTTP ${response.status}).` };
  } catch (error) {
    return { success: false, message: error instanceof Error ? error.message : 'The watchlist could not be changed.' };
  }
}

export interface WatchlistCar {
  id: string;
  name: string;
}

/**
 * Saves or removes a car (spec: optimistic update, then the call, then the toast 'Car Saved In
 * Watchlist' with 'View List', or 'Car Removed'; event 39 on save; on failure an alert with the
 * error message and the change undone). A signed-out shopper is sent to sign in and back.
 */
export async function toggleWatchlist(car: WatchlistCar, navigate: (href: string) => void = (href) => location.assign(href)): Promise<'saved' | 'removed' | 'failed' | 'sign-in'> {
  const session = forecourtStore.get(sessionAtom);
  if (session.status !== 'signed-in') {
    navigate(signInHref('watchlist'));
    return 'sign-in';
  }
  const before = forecourtStore.get(watchlistAtom) ?? [];
  const saving = !before.includes(car.id);
  forecourtStore.set(watchlistAtom, saving ? [...before, car.id] : before.filter((id) => id !== car.id));
  const answer = await callWatchlist(saving ? 'save-car' : 'remove-car', car.id, session.user.phone);
  if (!answer.success) {
    forecourtStore.set(watchlistAtom, before);
    window.alert(answer.message);
    return 'failed';
  }
  if (saving) {
    void track(WATCHLIST_SAVE_EVENT, { car_id: car.id, name: car.name });
    showToast({ message: SAVED_TOAST, tone: 'success', action: { label: 'View List', href: paths.watchlist() } });
    return 'saved';
  }
  showToast({ message: REMOVED_TOAST, tone: 'info' });
  return 'removed';
}
