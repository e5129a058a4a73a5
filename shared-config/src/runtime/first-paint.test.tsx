import { render } from '@testing-library/react';
import { dropFirstPaint, FIRST_PAINT_DATA_ID, resetFirstPaintForTests, takeFirstPaintData, useFirstPaintHandover } from './first-paint';

function serverPage(payload: unknown) {
  document.body.innerHTML = `
    <div id="app-mf-search"><div data-first-paint="mf-search" inert><p>212 cars found</p></div></div>
    <div id="app-mf-vehicle"><div data-first-paint="mf-vehicle" inert><p>2021 Kia</p></div></div>
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
});
