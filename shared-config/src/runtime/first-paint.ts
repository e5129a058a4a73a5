import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * The first paint: HTML the server renders into a page before any JavaScript has run, so a
 * shopper on a slow phone sees the page (the chrome, and for a route whose team can render it on
 * the server, its content: the first results, say) at once instead of after the shell, the
 * remote's entry, its chunks and its first query have arrived one after another.
 *
 * The contract between the server, the shell and a team's app:
 * - the server puts the team's HTML in the team's slot, wrapped in
 *   `<div data-first-paint="{team}">`, and the data the app needs to render the same thing
 *   without waiting (e.g. the search results) in `<script id="forecourt-first-paint">` as
 *   `{ team, url, data }`;
 * - the page's CSS hides whatever the app renders next to that element, so the shopper never
 *   sees both, and nothing moves while the app builds itself underneath;
 * - the app takes the data (`takeFirstPaintData`) when it renders that same address and,
 *   once it shows what the server showed, removes the server's HTML in the same commit
 *   (`useFirstPaintHandover`): one frame to the next, the same layout, no shift;
 * - the shell removes it when the app fails or the shopper leaves the page (`dropFirstPaint`).
 *
 * The server's HTML is usable before any of the page's scripts have run, and nothing the shopper
 * does in it is lost (FIRST_PAINT_INPUT_SCRIPT, a few lines inlined in the page's head, and
 * `handOverFirstPaint`):
 * - a link is a link: the browser follows it and the server paints the next address;
 * - a form control (a filter's checkbox, the sort, the quick finder's selects, a details
 *   section) changes as it would anywhere, and the change is noted;
 * - a button (or a link after a noted change, so that order is kept) waits: its click is noted,
 *   its default prevented, and the first paint says it is busy (`aria-busy`, a progress cursor);
 * - at the hand-over the app replays the notes, in order, on the same elements of its own
 *   markup: the same checkbox is ticked, the same option chosen, the same button pressed. So the
 *   page ends where the shopper's clicks lead, as if the app had been there all along.
 */
export const FIRST_PAINT_DATA_ID = 'forecourt-first-paint';
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/** The CSS the page carries for it (the server inlines it in the head): the app waits unseen. */
export const FIRST_PAINT_CSS = `[${FIRST_PAINT_ATTRIBUTE}] ~ * { display: none !important; } [${FIRST_PAINT_ATTRIBUTE}][aria-busy="true"], [${FIRST_PAINT_ATTRIBUTE}][aria-busy="true"] * { cursor: progress !important; }`;

/** Where the inline script keeps what the shopper did in a first paint, until the app replays it. */
export const FIRST_PAINT_INPUT_GLOBAL = '__forecourtFirstPaintInput';

/**
 * Set by the inline script once the shopper has shown they are about to use the page (a press or
 * a touch in a first paint, a key anywhere, focus moved into a first paint): an app that waits
 * for that before taking over (`useFirstPaintIntent`) knows of it even if it came before the
 * app's own listeners were there.
 */
export const FIRST_PAINT_INTENT_GLOBAL = '__forecourtFirstPaintIntent';

/** The event dropFirstPaint sends on the document, so an app waiting to take over hears that there is nothing left to take over. */
export const FIRST_PAINT_DROPPED_EVENT = 'forecourt:first-paint-dropped';

/**
 * One thing the shopper did in a first paint. `path` leads from the first paint's app frame
 * (`[data-boundary]`) to the element, by element index among siblings, not counting `<style>`
 * and `<script>` (the server inlines emotion's styles next to elements; the browser puts them in
 * the head), so it leads to the same element in the app's own markup.
 */
export type FirstPaintInput = {
  team: string;
  path: number[];
  /** What the element is (signatureOf), to check the path found the same one. */ sig: string;
} & (
  | { kind: 'checked'; checked: boolean }
  | { kind: 'value'; value: string }
  | { kind: 'open'; open: boolean }
  | { kind: 'click' }
  | { kind: 'submit' }
);

/**
 * What an element is, in words a shopper would use: its tag and its name (aria-label, label,
 * name attribute, or text). The inline script writes the same function in ES5.
 */
export function signatureOf(element: Element): string {
  const labels = (element as HTMLInputElement).labels;
  const label = labels && labels.length > 0 ? labels[0] : undefined;
  const text =
    element.getAttribute('aria-label') ||
    (label ? visibleText(label) : '') ||
    element.getAttribute('name') ||
    (/^(INPUT|SELECT|TEXTAREA|FORM)$/.test(element.tagName) ? '' : visibleText(element)) ||
    '';
  return `${element.tagName} ${text.replace(/\s+/g, ' ').trim().slice(0, 80)}`;
}

/** An element's text without that of `<style>` and `<script>` (the server inlines emotion's styles). */
function visibleText(node: Node): string {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  if (node instanceof Element && (node.tagName === 'STYLE' || node.tagName === 'SCRIPT')) return '';
  let text = '';
  for (const child of node.childNodes) text += visibleText(child);
  return text;
}

/**
 * The inline script (in the head of every first-painted page, allowed by its hash in the CSP)
 * that notes the shopper's input in a first paint; see the contract above. Plain ES5 with no
 * dependency: it runs before any of the page's scripts, on any browser the site supports.
 * Written by hand because it must be a few hundred bytes that need nothing else; the event
 * replay libraries that exist are tied to their frameworks' renderers.
 */
export const FIRST_PAINT_INPUT_SCRIPT = `(function () {
  var input = window.${FIRST_PAINT_INPUT_GLOBAL} = [];
  function frameOf(node) {
    var paint = node && node.closest ? node.closest('[${FIRST_PAINT_ATTRIBUTE}]') : null;
    var frame = paint ? paint.querySelector('[data-boundary]') : null;
    return frame && frame.contains(node) ? { paint: paint, frame: frame } : null;
  }
  function counted(element) { return element.tagName !== 'STYLE' && element.tagName !== 'SCRIPT'; }
  function visibleText(node) {
    if (node.nodeType === 3) return node.nodeValue || '';
    if (node.tagName === 'STYLE' || node.tagName === 'SCRIPT') return '';
    var text = '';
    for (var child = node.firstChild; child; child = child.nextSibling) text += visibleText(child);
    return text;
  }
  function signatureOf(element) {
    var labels = element.labels;
    var text = element.getAttribute('aria-label') || (labels && labels.length > 0 ? visibleText(labels[0]) : '') || element.getAttribute('name') || (/^(INPUT|SELECT|TEXTAREA|FORM)$/.test(element.tagName) ? '' : visibleText(element)) || '';
    return element.tagName + ' ' + text.replace(/\\s+/g, ' ').trim().slice(0, 80);
  }
  function pathOf(frame, node) {
    var path = [];
    while (node && node !== frame) {
      var index = 0;
      for (var sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) if (counted(sibling)) index += 1;
      path.unshift(index);
      node = node.parentElement;
    }
    return path;
  }
  function note(at, element, entry) {
    entry.team = at.paint.getAttribute('${FIRST_PAINT_ATTRIBUTE}');
    entry.path = pathOf(at.frame, element);
    entry.sig = signatureOf(element);
    var last = input[input.length - 1];
    if (last && entry.kind !== 'click' && entry.kind !== 'submit' && last.kind === entry.kind && last.team === entry.team && String(last.path) === String(entry.path)) input.pop();
    input.push(entry);
  }
  function pending(at) {
    for (var i = 0; i < input.length; i += 1) if (input[i].team === at.paint.getAttribute('${FIRST_PAINT_ATTRIBUTE}')) return true;
    return false;
  }
  function wait(at) { at.paint.setAttribute('aria-busy', 'true'); }
  function intent() { window.${FIRST_PAINT_INTENT_GLOBAL} = true; }
  document.addEventListener('pointerdown', function (event) { if (frameOf(event.target)) intent(); }, true);
  document.addEventListener('focusin', function (event) { if (frameOf(event.target)) intent(); }, true);
  document.addEventListener('keydown', intent, true);
  document.addEventListener('click', function (event) {
    var target = event.target;
    var at = frameOf(target);
    if (!at || event.defaultPrevented || event.button !== 0) return;
    // A details section opens natively; what it will be once this click is done is noted (its
    // toggle event cannot tell a shopper's click from the page setting it open as it loads).
    var summary = target.closest('summary');
    if (summary && summary.parentElement && summary.parentElement.tagName === 'DETAILS' && at.frame.contains(summary)) {
      note(at, summary.parentElement, { kind: 'open', open: !summary.parentElement.open });
      return;
    }
    if (target.closest('input, select, textarea, label')) return;
    var action = target.closest('a[href], button, [role="button"], [role="tab"]');
    if (!action || !at.frame.contains(action)) return;
    var plainLink = action.tagName === 'A' && !action.target && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
    if (plainLink && !pending(at)) return;
    if (!plainLink && action.tagName === 'A') return;
    event.preventDefault();
    note(at, action, { kind: 'click' });
    wait(at);
  }, true);
  function changed(event) {
    var target = event.target;
    var at = frameOf(target);
    if (!at) return;
    if (target.type === 'checkbox' || target.type === 'radio') note(at, target, { kind: 'checked', checked: target.checked });
    else if ('value' in target && target.tagName !== 'BUTTON') note(at, target, { kind: 'value', value: String(target.value) });
    else return;
    wait(at);
  }
  document.addEventListener('change', changed, true);
  document.addEventListener('input', changed, true);
  document.addEventListener('submit', function (event) {
    var at = frameOf(event.target);
    if (!at) return;
    event.preventDefault();
    note(at, event.target, { kind: 'submit' });
    wait(at);
  }, true);
})();`;

export interface FirstPaintPayload<T = unknown> {
  team: string;
  /** The address (path and query) the server rendered. */
  url: string;
  data: T;
}

/** Teams whose first paint is gone (handed over or dropped): their data is spent too. */
const spent = new Set<string>();
let allSpent = false;

/**
 * The data the server rendered `team`'s first paint from, while this page still shows the address
 * it was rendered for and until the app has taken over. Asked again before that (React may throw
 * away a render that suspended and start again), it gives the same; after it, or at another
 * address, nothing, so nobody renders stale results as fresh.
 */
export function takeFirstPaintData<T>(team: string, doc: Document = document): T | undefined {
  if (allSpent || spent.has(team)) return undefined;
  const element = doc.getElementById(FIRST_PAINT_DATA_ID);
  if (!element?.textContent) return undefined;
  let payload: FirstPaintPayload<T>;
  try {
    payload = JSON.parse(element.textContent) as FirstPaintPayload<T>;
  } catch {
    return undefined;
  }
  const here = `${doc.location.pathname}${doc.location.search}`;
  if (payload.team !== team || payload.url !== here) return undefined;
  return payload.data;
}

/** Removes the server's first paint of `team` (of every team when none is named). */
export function dropFirstPaint(team?: string, doc: Document = document): void {
  if (team) spent.add(team);
  else allSpent = true;
  // Input noted in a first paint that is dropped, not handed over (the app failed, or the shopper
  // left the address), has nothing left to act on.
  if (doc.defaultView) takeInput(team ?? '', doc.defaultView).length = 0;
  if (!team && doc.defaultView) (doc.defaultView as unknown as Record<string, unknown>)[FIRST_PAINT_INPUT_GLOBAL] = [];
  const selector = team ? `[${FIRST_PAINT_ATTRIBUTE}="${CSS.escape(team)}"]` : `[${FIRST_PAINT_ATTRIBUTE}]`;
  doc.dispatchEvent(new CustomEvent(FIRST_PAINT_DROPPED_EVENT, { detail: { team: team ?? null } }));
  for (const element of doc.querySelectorAll(selector)) {
    const focused =
      doc.activeElement instanceof HTMLElement && element.contains(doc.activeElement) ? doc.activeElement : null;
    const paintFrame = element.querySelector('[data-boundary]');
    const place =
      focused && paintFrame?.contains(focused)
        ? { path: pathOf(paintFrame, focused), sig: signatureOf(focused) }
        : null;
    const container = element.parentElement;
    element.remove();
    // A shopper who had already tabbed or clicked into the server's copy keeps their place: focus
    // moves to the same control in the app's own markup (found as a replayed note finds it; else
    // the same element, text and link).
    if (focused && container) {
      const appFrame = container.querySelector(`[data-boundary]:not([${FIRST_PAINT_ATTRIBUTE}] *)`);
      const same =
        (place && appFrame ? elementFor(appFrame, place) : null) ??
        [...container.querySelectorAll<HTMLElement>(focused.tagName)].find(
          (candidate) =>
            candidate.textContent === focused.textContent &&
            candidate.getAttribute('href') === focused.getAttribute('href') &&
            candidate.getAttribute('name') === focused.getAttribute('name'),
        );
      if (same instanceof HTMLElement) {
        same.focus();
        keepSelection(focused, same);
      }
    }
  }
}

/** A field whose text can be selected (the types the selection API applies to: not a checkbox, a number or an email field). */
function textField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  return (
    element instanceof HTMLTextAreaElement ||
    (element instanceof HTMLInputElement && ['text', 'search', 'tel', 'url', 'password'].includes(element.type))
  );
}

/**
 * The text selected in the server's copy of a field is selected in the app's. A shopper (or a
 * test's fill) who selected a field's text to type over it, and whose typing came after the app
 * took over, would otherwise type after the app's caret, at the end: "30000" selected and "123456"
 * typed read "30000123456".
 */
function keepSelection(from: HTMLElement, to: HTMLElement): void {
  if (!textField(from) || !textField(to) || from.selectionStart === null || from.selectionEnd === null) return;
  to.setSelectionRange(from.selectionStart, from.selectionEnd, from.selectionDirection ?? undefined);
}

/**
 * Keeps keyboard focus in place across a render that replaces the server's markup in `container`
 * with the same markup of its own (the shell's chrome: its first commit empties the container).
 * A shopper who had tabbed to the header's Menu button before the scripts ran would otherwise find
 * focus back at the top of the page. Call before the render; call what it returns once the render
 * has committed: focus then moves to the same control (by its place and its name) if it was lost.
 */
export function keepFocusAcross(container: Element, doc: Document = document): () => void {
  let place: { path: number[]; sig: string } | null = null;
  const note = (element: Element | null) => {
    if (element && element !== container && container.contains(element))
      place = { path: pathOf(container, element), sig: signatureOf(element) };
  };
  note(doc.activeElement);
  const onFocus = (event: Event) => note(event.target instanceof Element ? event.target : null);
  container.addEventListener('focusin', onFocus);
  return () => {
    container.removeEventListener('focusin', onFocus);
    const lost = !doc.activeElement || doc.activeElement === doc.body || !doc.activeElement.isConnected;
    if (!place || !lost) return;
    const same = elementFor(container, place);
    if (same instanceof HTMLElement) same.focus({ preventScroll: true });
  };
}

/** The path from `frame` to `node` by element index among siblings, as the inline script counts it (without `<style>` and `<script>`). */
function pathOf(frame: Element, node: Element): number[] {
  const path: number[] = [];
  for (let at: Element | null = node; at && at !== frame; at = at.parentElement) {
    let index = 0;
    for (let sibling = at.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
      if (sibling.tagName !== 'STYLE' && sibling.tagName !== 'SCRIPT') index += 1;
    path.unshift(index);
  }
  return path;
}

/**
 * Call in the component that renders what the server painted: once `ready` (it shows the same
 * content), the server's HTML goes in the same commit, before the browser paints again, and what
 * the shopper did in it is replayed on the app's markup.
 */
export function useFirstPaintHandover(team: string, ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) handOverFirstPaint(team);
  }, [team, ready]);
}

/** What says a shopper is about to use a control: the pointer coming onto it (a press follows within a few hundred ms). */
const CONTROL_SELECTOR = 'input, select, textarea, button, summary, label, [role="button"]';

function firstPaintOf(team: string, doc: Document): Element | null {
  return doc.querySelector(`[${FIRST_PAINT_ATTRIBUTE}="${CSS.escape(team)}"]`);
}

/**
 * Whether the app that mounted is another build than the one the server painted for (the shell
 * recovered onto the last good version after the pinned one failed): the first paint then shows a
 * page, and a frame naming a version, of a build that is not running, and the app takes over at once.
 * Both frames carry their build's version (`AppFrame`'s data-version).
 */
function paintedForAnotherBuild(team: string, paint: Element, doc: Document): boolean {
  const painted = paint.querySelector(`[data-boundary="${CSS.escape(team)}"]`)?.getAttribute('data-version');
  const running = (doc.getElementById(`app-${team}`) ?? doc)
    .querySelector(`[data-boundary="${CSS.escape(team)}"]:not([${FIRST_PAINT_ATTRIBUTE}] *)`)
    ?.getAttribute('data-version');
  return Boolean(painted && running && painted !== running);
}

function intentNoted(team: string, win: Window): boolean {
  const globals = win as unknown as Record<string, unknown>;
  const input = globals[FIRST_PAINT_INPUT_GLOBAL];
  return (
    globals[FIRST_PAINT_INTENT_GLOBAL] === true ||
    (Array.isArray(input) && input.some((entry: FirstPaintInput) => entry.team === team))
  );
}

/**
 * For an app that leaves the server's first paint in place until the shopper is about to use it,
 * so that the code only the page's controls need (the search page's InstantSearch, about 40 KB
 * as sent) is not part of the page's first load. The server's first paint works meanwhile:
 * its links are links, and input made in it is noted and replayed at the hand-over.
 *
 * True (take over now) when `now` (the app has something of the shopper's own to show that the
 * server could not paint), when there is no first paint of `team` (or it has been dropped: the
 * shopper left its address), when the app is another build than the one painted for (the shell
 * recovered onto the last good version), or once the shopper shows intent: a press, a touch or focus in the
 * first paint, a key anywhere, the pointer onto one of its controls; noted by the inline script
 * before the app was there too (FIRST_PAINT_INTENT_GLOBAL). Once true it stays true.
 */
export function useFirstPaintIntent(team: string, now: boolean): boolean {
  const [woken, setWoken] = useState(
    () => now || typeof document === 'undefined' || !firstPaintOf(team, document) || intentNoted(team, window),
  );
  useEffect(() => {
    if (woken) return undefined;
    const paint = firstPaintOf(team, document);
    if (now || !paint || intentNoted(team, window) || paintedForAnotherBuild(team, paint, document)) {
      setWoken(true);
      return undefined;
    }
    const wake = () => setWoken(true);
    const onOver = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(CONTROL_SELECTOR)) wake();
    };
    const onDropped = (event: Event) => {
      const dropped = (event as CustomEvent<{ team: string | null }>).detail?.team;
      if (dropped === null || dropped === team) wake();
    };
    // One signal ends every listener at once (each is added with it).
    const listening = new AbortController();
    const { signal } = listening;
    for (const type of ['pointerdown', 'focusin'] as const)
      paint.addEventListener(type, wake, { passive: true, signal });
    paint.addEventListener('pointerover', onOver, { passive: true, signal });
    // Noted by the inline script, which hears every change and press in the first paint.
    for (const type of ['change', 'input', 'submit'] as const) paint.addEventListener(type, wake, { signal });
    document.addEventListener('keydown', wake, { signal });
    document.addEventListener(FIRST_PAINT_DROPPED_EVENT, onDropped, { signal });
    return () => listening.abort();
  }, [team, now, woken]);
  return woken;
}

/** The input noted in `team`'s first paint, taken out of the page's list (it is replayed once). */
function takeInput(team: string, win: Window): FirstPaintInput[] {
  const all = (win as unknown as Record<string, FirstPaintInput[] | undefined>)[FIRST_PAINT_INPUT_GLOBAL];
  if (!Array.isArray(all)) return [];
  const mine = all.filter((entry) => entry.team === team);
  const rest = all.filter((entry) => entry.team !== team);
  all.length = 0;
  all.push(...rest);
  return mine;
}

/** The element at `path` under `frame`, counting elements as the inline script does. */
function elementAt(frame: Element, path: readonly number[]): Element | null {
  let node: Element | null = frame;
  for (const index of path) {
    if (!node) return null;
    node = [...node.children].filter((child) => child.tagName !== 'STYLE' && child.tagName !== 'SCRIPT')[index] ?? null;
  }
  return node;
}

/** Sets a control's value the way typing or choosing does, so React's onChange hears it. */
function setValue(element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): void {
  const prototype = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
  element.dispatchEvent(new Event('input', { bubbles: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * The app's element for a note: at the same place, when it is the same element; else the first of
 * the same kind and name in the frame (a part the app wraps differently, say).
 */
function elementFor(frame: Element, entry: Pick<FirstPaintInput, 'path' | 'sig'>): Element | null {
  const atPath = elementAt(frame, entry.path);
  if (atPath && signatureOf(atPath) === entry.sig) return atPath;
  const tag = entry.sig.split(' ')[0] ?? '';
  return [...frame.querySelectorAll(tag)].find((candidate) => signatureOf(candidate) === entry.sig) ?? null;
}

/**
 * A press as the shopper made it: the pointer and mouse events that come before a click, then the
 * click. Widgets that act on the press rather than the click (Radix's tab triggers select on
 * mousedown, its menu triggers open on pointerdown) would otherwise ignore a replayed press.
 */
function press(element: HTMLElement): void {
  const init = {
    bubbles: true,
    cancelable: true,
    composed: true,
    button: 0,
    buttons: 1,
    view: element.ownerDocument.defaultView,
  };
  // jsdom has no PointerEvent: a MouseEvent of the pointer's type reaches the same handlers there.
  const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  element.dispatchEvent(
    new Pointer('pointerdown', { ...init, pointerType: 'mouse', isPrimary: true } as PointerEventInit),
  );
  element.dispatchEvent(new MouseEvent('mousedown', init));
  element.dispatchEvent(
    new Pointer('pointerup', { ...init, buttons: 0, pointerType: 'mouse', isPrimary: true } as PointerEventInit),
  );
  element.dispatchEvent(new MouseEvent('mouseup', { ...init, buttons: 0 }));
  element.click();
}

function replayOne(frame: Element, entry: FirstPaintInput): boolean {
  const element = elementFor(frame, entry);
  if (!element) return false;
  switch (entry.kind) {
    case 'checked':
      if (!(element instanceof HTMLInputElement)) return false;
      if (element.checked !== entry.checked) element.click();
      return true;
    case 'value':
      if (!(
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      ))
        return false;
      if (element.value !== entry.value) setValue(element, entry.value);
      return true;
    case 'open':
      if (!(element instanceof HTMLDetailsElement)) return false;
      element.open = entry.open;
      return true;
    case 'click':
      if (!(element instanceof HTMLElement)) return false;
      press(element);
      return true;
    case 'submit':
      if (!(element instanceof HTMLFormElement)) return false;
      element.requestSubmit();
      return true;
  }
}

/**
 * Replays the shopper's input from a first paint on the app's own markup, in the order it came,
 * one task per note: the first a task after the hand-over's commit, when the app's widgets have
 * started (InstantSearch starts in an effect after its children's), and each next one after the
 * app has rendered what the one before did (a link pressed after a choice goes where the choice
 * leads). A note whose element the app does not render is skipped with a warning: that is a
 * hand-over bug (the markup must match), and a click is better dropped than sent elsewhere.
 */
export function replayFirstPaintInput(frame: Element, input: readonly FirstPaintInput[], win: Window = window): void {
  const [entry, ...rest] = input;
  if (!entry) return;
  win.setTimeout(() => {
    if (!replayOne(frame, entry))
      console.warn(
        `[${entry.team}] the first paint's ${entry.kind} on "${entry.sig}" has no matching element in the app`,
      );
    replayFirstPaintInput(frame, rest, win);
  }, 0);
}

/**
 * The hand-over: the app shows what the server painted, so the server's HTML goes (focus moves
 * with it, see dropFirstPaint) and the shopper's input in it is replayed on the app. The app's
 * frame is found in the slot (`#app-{team}`, the shell's): the shell mounts the app's root in an
 * element of its own there, beside the first paint (a root's first commit empties its container),
 * and an app mounted by other means may have replaced the first paint already.
 */
export function handOverFirstPaint(team: string, doc: Document = document): void {
  const win = doc.defaultView;
  const input = win ? takeInput(team, win) : [];
  dropFirstPaint(team, doc);
  const within = doc.getElementById(`app-${team}`) ?? doc;
  const frame = [...within.querySelectorAll(`[data-boundary="${CSS.escape(team)}"]`)].find(
    (element) => !element.closest(`[${FIRST_PAINT_ATTRIBUTE}]`),
  );
  if (frame && win) replayFirstPaintInput(frame, input, win);
}

/** For tests: forget that the data was taken. */
export function resetFirstPaintForTests(): void {
  spent.clear();
  allSpent = false;
}
