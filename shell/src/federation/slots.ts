/** Each remote's app mounts into its own slot, `#app-<team>`, which the chrome renders. */
export type SlotStatus = 'loading' | 'mounted' | 'recovered' | 'failed';

export function slotFor(team: string): HTMLElement {
  const slot = document.getElementById(`app-${team}`);
  if (!slot) throw new Error(`The shell has no slot for ${team}`);
  return slot;
}

/**
 * The element an app's React root mounts into: a child of the slot, after the server's first
 * paint, never the slot itself. React empties its root's container at the root's first commit,
 * and that commit holds only the app's frame (its routes follow in a transition, define-app.tsx):
 * with the slot as the container, it removed the first paint, and the shopper saw the page blank
 * until the routes rendered (60 to 180 ms on a phone-speed CPU, on every first-painted route;
 * longer on the search page, until its first answer). Beside the first paint, the app builds
 * unseen (the first paint's CSS hides what follows it) until its hand-over removes the first
 * paint in the commit that shows the app.
 */
export function appRootFor(team: string): HTMLElement {
  const slot = slotFor(team);
  const existing = [...slot.children].find(
    (child): child is HTMLElement => child instanceof HTMLElement && child.dataset['appRoot'] === team,
  );
  if (existing) return existing;
  const root = document.createElement('div');
  root.dataset['appRoot'] = team;
  slot.append(root);
  return root;
}

/** Records how an app's slot settled, for support, dashboards and the e2e journeys. */
export function markSlot(team: string, status: SlotStatus, version?: string): void {
  const slot = document.getElementById(`app-${team}`);
  if (!slot) return;
  slot.dataset['status'] = status;
  if (version) slot.dataset['version'] = version;
}
