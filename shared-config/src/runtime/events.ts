/**
 * Typed event channels between teams, named `<team>:<past-tense>`. A channel is declared once
 * here with its payload type; teams use the `emit`/`on` helpers, never raw strings.
 */
export interface ChannelPayloads {
  /** A remote finished mounting on the page (the shell reports it; e2e and analytics read it). */
  'shell:app-mounted': { team: string; version: string };
  /** A remote could not be loaded or mounted and its area shows a fallback. */
  'shell:app-failed': { team: string; version: string; reason: string };
}

export type Channel = keyof ChannelPayloads;

const bus: EventTarget = typeof window !== 'undefined' ? window : new EventTarget();

export function emit<C extends Channel>(channel: C, payload: ChannelPayloads[C]): void {
  bus.dispatchEvent(new CustomEvent(channel, { detail: payload }));
}

/** Subscribes to a channel; returns the unsubscribe function. */
export function on<C extends Channel>(channel: C, listener: (payload: ChannelPayloads[C]) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ChannelPayloads[C]>).detail);
  bus.addEventListener(channel, handler);
  return () => bus.removeEventListener(channel, handler);
}
