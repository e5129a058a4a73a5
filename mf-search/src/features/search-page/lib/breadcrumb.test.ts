import { searchBreadcrumb } from './breadcrumb';

const labels = (path: string) =>
  searchBreadcrumb(path)
    .map((c) => (c.href ? `${c.label}(${c.href})` : c.label))
    .join(' > ');

describe('search breadcrumb (finance spec: Home > condition > make > model > current title)', () => {
  it('is Home > the page on a condition page', () => {
    expect(labels('/search/used-cars')).toBe('Home(/) > Used cars');
  });

  it('puts the stock page before a make', () => {
    expect(labels('/search/toyota')).toBe(
      'Home(/) > New, used and demo cars(/search/new-used-and-demo-cars) > Toyota cars',
    );
  });

  it('puts the make before its model', () => {
    expect(labels('/search/land-rover/defender')).toBe(
      'Home(/) > New, used and demo cars(/search/new-used-and-demo-cars) > Land Rover(/search/land-rover) > Land Rover Defender cars',
    );
  });

  it('goes through used cars on the used-car routes', () => {
    expect(labels('/used-car/toyota/hilux')).toBe(
      'Home(/) > Used cars(/search/used-cars) > Toyota(/used-car/toyota) > Used Toyota Hilux cars',
    );
  });

  it("links the make to /used-car/{make} on a site with search.usedCarPaths (spec: 'some used-car sites use /used-car/... instead')", () => {
    const crumbs = searchBreadcrumb('/search/toyota/hilux', 'car', ['used'], { usedCarPaths: true });
    expect(crumbs.find((c) => c.label === 'Toyota')?.href).toBe('/used-car/toyota');
  });

  it('links every crumb but the last', () => {
    const crumbs = searchBreadcrumb('/search/mazda/cx-5');
    expect(crumbs.slice(0, -1).every((c) => c.href)).toBe(true);
    expect(crumbs.at(-1)?.href).toBeUndefined();
  });
});
