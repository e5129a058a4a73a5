import { useAtomValue } from 'jotai';
import { apiRead, apiWrite, endSessionHere, invalidateApi } from './api';
import { track } from './analytics';
import { paths } from './paths';
import {
  SESSION_ENDPOINT,
  sessionAnswerSchema,
  WATCHLIST_ENDPOINT,
  watchlistAnswerSchema,
  watchlistCarsSchema,
  type WatchlistAnswer,
} from './session-answers';
import { forecourtStore, sessionAtom, showToast, watchlistAtom, type Session } from './store';

/**
 * The signed-in state every remote reads, and the watchlist a signed-in shopper keeps. The
 * server session (an HttpOnly cookie, which no script can read) is the truth: the shell asks
 * `/api/session` once per page and everything here mirrors the answer.
 */

/** Spec: analytics event 39, watchlist save. */
export const WATCHLIST_SAVE_EVENT = 39;
/** Spec toasts. */
export const SAVED_TOAST = 'Car Saved In Watchlist';
export const REMOVED_TOAST = 'Car Removed';

export const useSession = (): Session => useAtomValue(sessionAtom, { store: forecourtStore });

/** Asks the server who this browser is signed in as on this site; a failure leaves the page signed out. */
export async function refreshSession(): Promise<Session> {
  // Never kept: who is signed in is asked of the server each time.
  const answer = await apiRead(SESSION_ENDPOINT, sessionAnswerSchema, { keep: false });
  if (answer.status !== 'ready') {
    console.warn('[forecourt] the session could not be read; showing the page signed out');
    return forecourtStore.get(sessionAtom);
  }
  const { user } = answer.data;
  const session: Session = user ? { status: 'signed-in', user: { phone: user.phone } } : { status: 'signed-out' };
  // Most pages are signed out before and after: set only a change, so nothing renders again for it.
  const before = forecourtStore.get(sessionAtom);
  const same =
    before.status === session.status &&
    (before.status !== 'signed-in' || (session.status === 'signed-in' && before.user.phone === session.user.phone));
  if (!same) {
    forecourtStore.set(sessionAtom, session);
    // What the page read for whoever it was before (a signed-out garage, another shopper's list) is asked again.
    invalidateApi('');
  }
  if (session.status === 'signed-in') void loadWatchlist();
  return session;
}

/** The page starts signed in (the server said so in the boot data): the state, then the watchlist. */
export function startSignedIn(user: { phone: string }): void {
  forecourtStore.set(sessionAtom, { status: 'signed-in', user: { phone: user.phone } });
  void loadWatchlist();
}

/** Ends the session on the server, then here (a page that could not reach the server stays as it is: the session is still there). */
export async function signOut(): Promise<void> {
  const result = await apiWrite('/api/auth/sign-out', { body: {}, schema: sessionAnswerSchema });
  if (!result.ok) {
    console.warn(`[forecourt] signing out failed (${result.status || 'no answer'})`);
    return;
  }
  endSessionHere();
}

/** Where a signed-out shopper goes to sign in and come back here (spec: type, redirect, back). */
export function signInHref(type: string, here: string = `${location.pathname}${location.search}`): string {
  return paths.signIn(type, here, here);
}

export const useWatchlist = (): string[] | null => useAtomValue(watchlistAtom, { store: forecourtStore });

export async function loadWatchlist(): Promise<void> {
  const answer = await apiRead(WATCHLIST_ENDPOINT, watchlistCarsSchema);
  if (answer.status === 'ready')
    forecourtStore.set(
      watchlistAtom,
      answer.data.cars.map((c) => c.car_id),
    );
  else console.warn('[forecourt] the watchlist could not be read');
}

async function callWatchlist(
  action: 'save-car' | 'remove-car',
  carId: string,
  phone: string,
): Promise<WatchlistAnswer> {
  // The spec's payload; the server takes the phone from the session, not from here.
  const result = await apiWrite(`${WATCHLIST_ENDPOINT}/${action}`, {
    body: { phone_number: phone, car_id: carId },
    schema: watchlistAnswerSchema,
  });
  // Whatever the answer, the list as the server keeps it is read again where it is shown.
  invalidateApi(WATCHLIST_ENDPOINT);
  if (result.ok) return result.data;
  if (result.status === 0) return { success: false, message: 'The watchlist could not be changed.' };
  return { success: false, message: result.message || `The watchlist could not be changed (HTTP ${result.status}).` };
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
export async function toggleWatchlist(
  car: WatchlistCar,
  navigate: (href: string) => void = (href) => location.assign(href),
): Promise<'saved' | 'removed' | 'failed' | 'sign-in'> {
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
