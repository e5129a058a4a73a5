import { act, render, screen } from '@testing-library/react';
import * as RadixTabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import {
  dropFirstPaint,
  FIRST_PAINT_DATA_ID,
  keepFocusAcross,
  FIRST_PAINT_INPUT_GLOBAL,
  FIRST_PAINT_INPUT_SCRIPT,
  FIRST_PAINT_INTENT_GLOBAL,
  type FirstPaintInput,
  resetFirstPaintForTests,
  takeFirstPaintData,
  useFirstPaintHandover,
  useFirstPaintIntent,
} from './first-paint';

function serverPage(payload: unknown) {
  document.body.innerHTML = `
    <div id="app-mf-search"><div data-first-paint="mf-search"><p>212 cars found</p></div></div>
    <div id="app-mf-vehicle"><div data-first-paint="mf-vehicle"><p>2021 Kia</p></div></div>
    <script id="${FIRST_PAINT_DATA_ID}" type="application/json">${JSON.stringify(payload)}</script>`;
}

beforeEach(() => {
  resetFirstPaintForTests();
  window.history.replaceState(null, '', '/search/used-cars?make=Toyota');
});

describe('takeFirstPaintData', () => {
  it('gives the team the data rendered for the address the page still shows', () => {
    serverPage({ team: 'mf-search', url: '/search/used-cars?make=Toyota', data: { count: 46 } });
    expect(takeFirstPaintData('mf-search')).toEqual({ count: 46 });
  });

  it('gives the same again until the app has taken over (a render that suspended starts again)', () => {
    serverPage({ team: 'mf-search', url: '/search/used-cars?make=Toyota', data: { count: 46 } });
    takeFirstPaintData('mf-search');
    expect(takeFirstPaintData('mf-search')).toEqual({ count: 46 });
  });

  it('gives nothing once the app has taken over: a later visit to the same address asks the service', () => {
    serverPage({ team: 'mf-search', url: '/search/used-cars?make=Toyota', data: { count: 46 } });
    dropFirstPaint('mf-search');
    expect(takeFirstPaintData('mf-search')).toBeUndefined();
  });

  it('gives nothing once the shopper has moved to another address', () => {
    serverPage({ team: 'mf-search', url: '/search/used-cars?make=Toyota', data: { count: 46 } });
    window.history.pushState(null, '', '/search/used-cars?make=Ford');
    expect(takeFirstPaintData('mf-search')).toBeUndefined();
  });

  it('gives nothing to another team', () => {
    serverPage({ team: 'mf-search', url: '/search/used-cars?make=Toyota', data: { count: 46 } });
    expect(takeFirstPaintData('mf-vehicle')).toBeUndefined();
  });
});

describe('removing the first paint', () => {
  it('dropFirstPaint(team) removes that team’s HTML only', () => {
    serverPage({ team: 'mf-search', url: '/', data: null });
    dropFirstPaint('mf-search');
    expect(document.body.textContent).not.toContain('212 cars found');
    expect(document.body.textContent).toContain('2021 Kia');
  });

  it('the hand-over waits until the app shows the same content, then removes it in that commit', () => {
    serverPage({ team: 'mf-search', url: '/', data: null });
    function Results({ ready }: { ready: boolean }) {
      useFirstPaintHandover('mf-search', ready);
      return <p>{ready ? 'cards' : 'loading'}</p>;
    }
    const container = document.getElementById('app-mf-search')!.appendChild(document.createElement('div'));
    const { rerender } = render(<Results ready={false} />, { container });
    expect(document.body.textContent).toContain('212 cars found');
    rerender(<Results ready />);
    expect(document.body.textContent).not.toContain('212 cars found');
  });

  it('keeps the keyboard where it was: focus moves to the same link in the app markup', () => {
    document.body.innerHTML = `<div id="app-mf-vehicle"><div data-first-paint="mf-vehicle"><a href="/contact?car_id=1">Enquire Now</a></div><div><a href="/finance">Get Finance</a><a href="/contact?car_id=1">Enquire Now</a></div></div>`;
    document.querySelector<HTMLElement>('[data-first-paint] a')!.focus();
    dropFirstPaint('mf-vehicle');
    expect(document.activeElement).toHaveTextContent('Enquire Now');
    expect(document.activeElement?.closest('[data-first-paint]')).toBeNull();
  });

  it('keeps a clicked checkbox focused: focus moves to the same box in the app, not the first input there', () => {
    const boxes =
      '<div data-boundary="mf-search"><input type="search" aria-label="Search"><label><input type="checkbox"> Toyota</label><label><input type="checkbox"> Ford</label></div>';
    document.body.innerHTML = `<div id="app-mf-search"><div data-first-paint="mf-search">${boxes}</div><div>${boxes}</div></div>`;
    document.querySelectorAll<HTMLElement>('[data-first-paint] input[type="checkbox"]')[1]!.focus();
    dropFirstPaint('mf-search');
    expect(document.activeElement?.closest('label')).toHaveTextContent('Ford');
  });
});

describe('a text field focused at the hand-over', () => {
  it('keeps its selection: text selected to be typed over in the first paint is selected in the app', () => {
    const field =
      '<div data-boundary="mf-finance"><label>Purchase price <input type="text" name="price" value="30000"></label></div>';
    document.body.innerHTML = `<div id="app-mf-finance"><div data-first-paint="mf-finance">${field}</div><div>${field}</div></div>`;
    const painted = document.querySelector<HTMLInputElement>('[data-first-paint] input')!;
    painted.focus();
    painted.select();
    dropFirstPaint('mf-finance');
    const app = document.activeElement as HTMLInputElement;
    expect(app.closest('[data-first-paint]')).toBeNull();
    expect([app.selectionStart, app.selectionEnd]).toEqual([0, 5]);
  });
});

describe('waiting for the shopper before taking over (useFirstPaintIntent)', () => {
  function Results({ now = false }: { now?: boolean }) {
    return <p>{useFirstPaintIntent('mf-search', now) ? 'results' : 'asleep'}</p>;
  }
  function paint() {
    document.body.innerHTML =
      '<div id="app-mf-search"><div data-first-paint="mf-search"><div data-boundary="mf-search"><label><input type="checkbox"> Toyota</label><a href="/cars/1">2021 Kia</a></div></div></div>';
    return document.querySelector('[data-first-paint]')!;
  }
  const container = () => document.body.appendChild(document.createElement('div'));
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[FIRST_PAINT_INTENT_GLOBAL];
  });

  it('waits while the shopper only reads the first paint', () => {
    paint();
    render(<Results />, { container: container() });
    expect(screen.getByText('asleep')).toBeInTheDocument();
  });

  it('takes over at a press in the first paint', () => {
    const firstPaint = paint();
    render(<Results />, { container: container() });
    act(() => {
      firstPaint.querySelector('a')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(screen.getByText('results')).toBeInTheDocument();
  });

  it('takes over at a key pressed anywhere on the page', () => {
    paint();
    render(<Results />, { container: container() });
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    });
    expect(screen.getByText('results')).toBeInTheDocument();
  });

  it('takes over when the pointer comes onto one of its controls, not onto its text', () => {
    const firstPaint = paint();
    render(<Results />, { container: container() });
    act(() => {
      firstPaint.querySelector('a')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    });
    expect(screen.getByText('asleep')).toBeInTheDocument();
    act(() => {
      firstPaint.querySelector('input')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    });
    expect(screen.getByText('results')).toBeInTheDocument();
  });

  it('takes over at once when asked to (the shopper has something of their own to see)', () => {
    paint();
    render(<Results now />, { container: container() });
    expect(screen.getByText('results')).toBeInTheDocument();
  });

  it('takes over at once when the app is another build than the one painted for (the shell recovered onto the last good version)', () => {
    document.body.innerHTML =
      '<div id="app-mf-search"><div data-first-paint="mf-search"><div data-boundary="mf-search" data-version="1.2.0"><p>212 cars found</p></div></div><div id="root"></div></div>';
    function App({ version }: { version: string }) {
      return (
        <div data-boundary="mf-search" data-version={version}>
          <Results />
        </div>
      );
    }
    render(<App version="1.1.0" />, { container: document.getElementById('root')! });
    expect(screen.getByText('results')).toBeInTheDocument();
  });

  it('waits when the app is the build the page was painted for', () => {
    document.body.innerHTML =
      '<div id="app-mf-search"><div data-first-paint="mf-search"><div data-boundary="mf-search" data-version="1.2.0"><p>212 cars found</p></div></div><div id="root"></div></div>';
    render(
      <div data-boundary="mf-search" data-version="1.2.0">
        <Results />
      </div>,
      { container: document.getElementById('root')! },
    );
    expect(screen.getByText('asleep')).toBeInTheDocument();
  });

  it('takes over when the first paint is dropped (the shopper left its address)', () => {
    paint();
    render(<Results />, { container: container() });
    act(() => dropFirstPaint());
    expect(screen.getByText('results')).toBeInTheDocument();
  });
});

describe('input in the first paint, before the app takes over', () => {
  // The page's inline script, installed once as the page does (its listeners are on the document).
  beforeAll(() => {
    new Function(FIRST_PAINT_INPUT_SCRIPT)();
  });
  const noted = () => (window as unknown as Record<string, FirstPaintInput[]>)[FIRST_PAINT_INPUT_GLOBAL] ?? [];
  beforeEach(() => {
    noted().length = 0;
  });

  /** The server's copy and the app's own, the same markup (the server's with an inline style, as emotion writes it). */
  const markup = (inner: string, style = '') => `<div data-boundary="mf-search"><div>${style}${inner}</div></div>`;
  // As the server writes it: emotion's styles inline, next to the elements they style (a label's among them).
  const FILTERS =
    '<ul><li><label><style>.c{accent-color:red}</style><input type="checkbox"> Toyota</label></li><li><label><input type="checkbox"> Ford</label></li></ul><a href="/search?page=2">Page 2</a><button type="button">Show all makes</button><details><summary>Price</summary><p>range</p></details>';

  /** The app: two filters and a page link, each showing what it was told, and the hand-over once rendered. */
  function App({ log }: { log: string[] }) {
    const [makes, setMakes] = useState<string[]>([]);
    useFirstPaintHandover('mf-search', true);
    const toggle = (make: string) => () => {
      log.push(`tick ${make}`);
      setMakes((m) => (m.includes(make) ? m.filter((x) => x !== make) : [...m, make]));
    };
    return (
      <div data-boundary="mf-search">
        <div>
          <ul>
            <li>
              <label>
                <input type="checkbox" checked={makes.includes('Toyota')} onChange={toggle('Toyota')} /> Toyota
              </label>
            </li>
            <li>
              <label>
                <input type="checkbox" checked={makes.includes('Ford')} onChange={toggle('Ford')} /> Ford
              </label>
            </li>
          </ul>
          <a
            href="/search?page=2"
            onClick={(event) => {
              event.preventDefault();
              log.push('page 2');
            }}
          >
            Page 2
          </a>
          <button type="button" onClick={() => log.push('show all makes')}>
            Show all makes
          </button>
          <details>
            <summary>Price</summary>
            <p>range</p>
          </details>
        </div>
      </div>
    );
  }

  function serverPaint() {
    document.body.innerHTML = `<div id="app-mf-search"><div data-first-paint="mf-search">${markup(FILTERS, '<style>.x{}</style>')}</div></div>`;
    return document.getElementById('app-mf-search')!;
  }
  const firstPaint = () => document.querySelector<HTMLElement>('[data-first-paint]')!;

  it('a filter ticked in the first paint stays ticked there and is ticked in the app at the hand-over', async () => {
    jest.useFakeTimers();
    try {
      const slot = serverPaint();
      firstPaint().querySelector<HTMLInputElement>('input')!.click();
      expect(firstPaint().querySelector<HTMLInputElement>('input')!.checked).toBe(true);
      const log: string[] = [];
      render(<App log={log} />, { container: slot.appendChild(document.createElement('div')) });
      await act(async () => {
        jest.runAllTimers();
      });
      expect(log).toEqual(['tick Toyota']);
      expect(slot.querySelector<HTMLInputElement>('input')!.checked).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('replays when the app renders into the slot itself, whose first commit has already emptied it (React clears a root’s container)', async () => {
    jest.useFakeTimers();
    try {
      const slot = serverPaint();
      firstPaint().querySelectorAll<HTMLInputElement>('input')[1]!.click();
      const log: string[] = [];
      render(<App log={log} />, { container: slot });
      await act(async () => {
        jest.runAllTimers();
      });
      expect(log).toEqual(['tick Ford']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a link followed with nothing noted before it is the browser’s: not held back', () => {
    serverPaint();
    const link = firstPaint().querySelector('a')!;
    // What the browser would do next (the document's capture listener has run by now); the test's
    // document cannot navigate, so the listener stops it after looking.
    let followed = false;
    link.addEventListener('click', (event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    });
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(followed).toBe(true);
    expect(noted()).toEqual([]);
  });

  it('after a tick, a link waits for the app, which replays both in order; the first paint says it is busy meanwhile', async () => {
    jest.useFakeTimers();
    try {
      const slot = serverPaint();
      firstPaint().querySelectorAll<HTMLInputElement>('input')[1]!.click();
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      firstPaint().querySelector('a')!.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
      expect(firstPaint()).toHaveAttribute('aria-busy', 'true');
      const log: string[] = [];
      render(<App log={log} />, { container: slot.appendChild(document.createElement('div')) });
      await act(async () => {
        jest.runAllTimers();
      });
      expect(log).toEqual(['tick Ford', 'page 2']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a button pressed in the first paint is pressed in the app at the hand-over', async () => {
    jest.useFakeTimers();
    try {
      const slot = serverPaint();
      firstPaint().querySelector('button')!.click();
      const log: string[] = [];
      render(<App log={log} />, { container: slot.appendChild(document.createElement('div')) });
      await act(async () => {
        jest.runAllTimers();
      });
      expect(log).toEqual(['show all makes']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a tab pressed in the first paint is the tab shown in the app (tabs that select on the press, not the click)', async () => {
    jest.useFakeTimers();
    try {
      function Specs() {
        useFirstPaintHandover('mf-search', true);
        return (
          <div data-boundary="mf-search">
            <div>
              <RadixTabs.Root defaultValue="features">
                <RadixTabs.List aria-label="Details">
                  <RadixTabs.Trigger value="features">Features</RadixTabs.Trigger>
                  <RadixTabs.Trigger value="specs">Specifications</RadixTabs.Trigger>
                </RadixTabs.List>
                <RadixTabs.Content value="features">Bluetooth</RadixTabs.Content>
                <RadixTabs.Content value="specs">2.5 L petrol</RadixTabs.Content>
              </RadixTabs.Root>
            </div>
          </div>
        );
      }
      const tabs =
        '<div><div role="tablist" aria-label="Details"><button type="button" role="tab">Features</button><button type="button" role="tab">Specifications</button></div><div role="tabpanel">Bluetooth</div></div>';
      document.body.innerHTML = `<div id="app-mf-search"><div data-first-paint="mf-search">${markup(tabs)}</div></div>`;
      const slot = document.getElementById('app-mf-search')!;
      firstPaint().querySelectorAll('button')[1]!.click();
      render(<Specs />, { container: slot.appendChild(document.createElement('div')) });
      await act(async () => {
        jest.runAllTimers();
      });
      expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Specifications');
      expect(screen.getByRole('tabpanel')).toHaveTextContent('2.5 L petrol');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a section opened in the first paint is open in the app', async () => {
    jest.useFakeTimers();
    try {
      const slot = serverPaint();
      firstPaint().querySelector('summary')!.click();
      render(<App log={[]} />, { container: slot.appendChild(document.createElement('div')) });
      await act(async () => {
        jest.runAllTimers();
      });
      expect(slot.querySelector('details')).toHaveProperty('open', true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('notes a key pressed before the app was there, so the app that waits for the shopper takes over at once', () => {
    serverPaint();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    function Results() {
      return <p>{useFirstPaintIntent('mf-search', false) ? 'results' : 'asleep'}</p>;
    }
    try {
      render(<Results />, { container: document.body.appendChild(document.createElement('div')) });
      expect(screen.getByText('results')).toBeInTheDocument();
    } finally {
      delete (window as unknown as Record<string, unknown>)[FIRST_PAINT_INTENT_GLOBAL];
    }
  });

  it('a tick undone before the hand-over is not replayed', async () => {
    jest.useFakeTimers();
    try {
      const slot = serverPaint();
      const toyota = firstPaint().querySelector<HTMLInputElement>('input')!;
      toyota.click();
      toyota.click();
      const log: string[] = [];
      render(<App log={log} />, { container: slot.appendChild(document.createElement('div')) });
      await act(async () => {
        jest.runAllTimers();
      });
      expect(log).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('input in a first paint that is dropped (the app failed, or the shopper left) is forgotten', () => {
    serverPaint();
    firstPaint().querySelector('button')!.click();
    dropFirstPaint('mf-search');
    expect(noted()).toEqual([]);
  });
});

describe('keepFocusAcross', () => {
  const CHROME = '<header><a href="/">Home</a><button type="button">Menu</button></header><main><p>Cars</p></main>';

  it('moves focus to the same control when a render replaced the markup it was in', () => {
    document.body.innerHTML = `<div id="root">${CHROME}</div>`;
    const root = document.getElementById('root')!;
    root.querySelector('button')!.focus();
    const restore = keepFocusAcross(root);
    root.innerHTML = CHROME;
    restore();
    expect(document.activeElement).toBe(root.querySelector('button'));
  });

  it('leaves focus alone when it was not lost (the shopper had moved on to a control that stayed)', () => {
    document.body.innerHTML = `<div id="root">${CHROME}</div><input aria-label="Outside">`;
    const root = document.getElementById('root')!;
    root.querySelector('button')!.focus();
    const restore = keepFocusAcross(root);
    root.innerHTML = CHROME;
    screen.getByRole('textbox', { name: 'Outside' }).focus();
    restore();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Outside' }));
  });
});
