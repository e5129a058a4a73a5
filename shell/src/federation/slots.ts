/** Each remote's app mounts into its own slot, `#app-<team>`, which the chrome renders. */
export type SlotStatus = 'loading' | 'mounted' | 'recovered' | 'failed';

export function slotFor(team: string): HTMLElement {
  const slot = document.getElementById(`app-${team}`);
  if (!slot) throw new Error(`The shell has no slot for ${team}`);
  return slot;
}

/** Records how an app's slot settled, for support, dashboards and the e2e journeys. */
export function markSlot(team: string, status: SlotStatus, version?: string): void {
  const slot = document.getElementById(`app-${team}`);
  if (!slot) return;
  slot.dataset['status'] = status;
  if (version) slot.dataset['version'] = version;
}
