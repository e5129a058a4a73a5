import { addressRouter } from './address-router';

const INDEX = 'cars';

beforeEach(() => {
  window.history.replaceState(null, '', '/search/used-cars');
});

describe('the address-bar router', () => {
  it('writes the state as the spec’s parameters on the same path', () => {
    const router = addressRouter(INDEX);
    router.write({ [INDEX]: { query: 'ute', refinementList: { make: ['Toyota'] }, page: 2 } });
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/search/used-cars?query=ute&make=Toyota&page=2',
    );
    router.dispose();
  });

  it('reads the address into the index’s state', () => {
    window.history.replaceState(null, '', '/search/used-cars?make=Mazda&price=:40000');
    expect(addressRouter(INDEX).read()).toEqual({
      [INDEX]: { refinementList: { make: ['Mazda'] }, range: { price: ':40000' } },
    });
  });

  it('restores the state on back and forward', () => {
    const router = addressRouter(INDEX);
    const seen: unknown[] = [];
    router.onUpdate((route) => seen.push(route));
    window.history.replaceState(null, '', '/search/used-cars?make=Kia');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(seen).toEqual([{ [INDEX]: { refinementList: { make: ['Kia'] } } }]);
    router.dispose();
  });

  it('ignores the shell’s own popstate, which follows every pushState', () => {
    const router = addressRouter(INDEX);
    const seen: unknown[] = [];
    router.onUpdate((route) => seen.push(route));
    const synthetic = Object.assign(new PopStateEvent('popstate'), { singleSpa: true });
    window.dispatchEvent(synthetic);
    expect(seen).toEqual([]);
    router.dispose();
  });

  it('stops listening once disposed', () => {
    const router = addressRouter(INDEX);
    const seen: unknown[] = [];
    router.onUpdate((route) => seen.push(route));
    router.dispose();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(seen).toEqual([]);
  });

  it('never writes over another page’s address once the shopper has left', () => {
    const router = addressRouter(INDEX);
    window.history.pushState(null, '', '/sign-in?type=watchlist&redirect=%2Fsearch%2Fused-cars');
    router.write({ [INDEX]: {} });
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/sign-in?type=watchlist&redirect=%2Fsearch%2Fused-cars',
    );
    router.dispose();
  });

  it('writes nothing after it is disposed', () => {
    const router = addressRouter(INDEX);
    router.dispose();
    router.write({ [INDEX]: { query: 'ute' } });
    expect(window.location.search).toBe('');
  });
});
