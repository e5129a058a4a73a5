/** @jest-environment node */
import { testTenant } from '../testing/render';
import { renderCacheStats, setRenderCache, staticRenderer } from './render';

beforeAll(() => setRenderCache(new Map()));
afterAll(() => setRenderCache(null));

const price = (amount: number) => <p>{`Drive away $${amount}`}</p>;

const context = { tenant: testTenant(), search: null, url: '/cars/a-car' };

describe('staticRenderer', () => {
  it('renders an element with the same inputs once, and answers the second call from the first', () => {
    const render = staticRenderer(context);
    const renders = renderCacheStats.renders;
    const first = render(price(20_000), { version: '1.0.0', data: { price: 20_000, id: 'same' } });
    const second = render(price(20_000), { version: '1.0.0', data: { price: 20_000, id: 'same' } });
    expect(second).toBe(first);
    expect(renderCacheStats.renders - renders).toBe(1);
  });

  it('renders anew when the data changes: a new price is on the page at once, never the old one', () => {
    const render = staticRenderer(context);
    expect(render(price(21_000), { version: '1.0.0', data: { price: 21_000 } })).toContain('Drive away $21000');
    expect(render(price(19_500), { version: '1.0.0', data: { price: 19_500 } })).toContain('Drive away $19500');
  });

  it('keeps pages of different addresses apart, whatever their inputs', () => {
    const one = staticRenderer(context)(<p>one</p>, { version: '1.0.0' });
    const other = staticRenderer({ ...context, url: '/cars/another' })(<p>other</p>, { version: '1.0.0' });
    expect(one).toContain('one');
    expect(other).toContain('other');
  });

  it('renders every time without a cache, inputs or not', () => {
    setRenderCache(null);
    try {
      const render = staticRenderer(context);
      const renders = renderCacheStats.renders;
      render(<p>same</p>, { version: '1.0.0' });
      render(<p>same</p>, { version: '1.0.0' });
      expect(renderCacheStats.renders - renders).toBe(2);
    } finally {
      setRenderCache(new Map());
    }
  });

  it('renders every time when no inputs are given', () => {
    const render = staticRenderer(context);
    const renders = renderCacheStats.renders;
    render(<p>now</p>);
    render(<p>now</p>);
    expect(renderCacheStats.renders - renders).toBe(2);
  });
});
