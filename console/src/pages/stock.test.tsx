import { fireEvent, screen, within } from '@testing-library/react';
import {
  ScheduleBody,
  type FeedSchedule,
  type ImportRowError,
  type StockImport,
  type StockImportDetail,
  type TenantPhotos,
} from '@forecourt/admin-contract';
import { account, stockKey, tenantNames } from '../testing/fixtures';
import { recordRequests, renderConsole, type TestRoutes } from '../testing/render-console';
import { rejectedRowsCsv } from './stock';

const SAM = account({ id: 2, name: 'Sam Lee', role: 'tenant-manager', tenants: ['harbourside-motors'] });
const VI = account({ id: 3, name: 'Vi Ewer', role: 'viewer', tenants: null });
const HELD = "The feed would withdraw 8 of the 10 cars of source 'dms' on sale (more than 30%): nothing was applied";

function stockImport(overrides: Partial<StockImport> = {}): StockImport {
  return {
    id: '41',
    tenant: 'harbourside-motors',
    source: 'dms',
    format: 'csv',
    url: null,
    status: 'done',
    message: null,
    rows: 10,
    counts: { created: 3, updated: 2, unchanged: 4, withdrawn: 1, rejected: 1 },
    error_count: 1,
    created_at: '2026-11-27T07:00:00.000Z',
    started_at: '2026-11-27T07:00:01.000Z',
    finished_at: '2026-11-27T07:00:05.000Z',
    duration_seconds: 4,
    applied_anyway: null,
    ...overrides,
  };
}

const QUARANTINED = stockImport({
  id: '42',
  status: 'quarantined',
  message: HELD,
  rows: 2,
  counts: { created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 },
  error_count: 0,
  created_at: '2026-11-27T08:00:00.000Z',
});

const FEED: FeedSchedule = {
  tenant: 'harbourside-motors',
  source: 'main-yard',
  url: 'https://dms.example.com/export/stock.csv',
  format: 'meta-auto',
  interval_minutes: 60,
  updated_by: 'Ada Admin',
  updated_at: '2026-11-26T09:00:00.000Z',
  next_pull_at: '2026-11-27T09:00:00.000Z',
  last_pulled_at: '2026-11-27T08:00:00.000Z',
  last_outcome: 'failed',
  last_message: 'https://dms.example.com/export/stock.csv answered 503',
  last_import_id: null,
};

const ERRORS: ImportRowError[] = [
  { row: 3, vehicle_id: 'FD-3', field: 'price', message: 'price: required' },
  { row: 7, vehicle_id: '=HYPERLINK("x")', field: 'make', message: 'make: "Tesla, Inc" is not a make' },
];

const BROKEN = 'https://cdn.example.com/harbourside-motors/stock/HM-1001/photos/2-rear-three-quarter.jpg';

const PHOTOS: TenantPhotos = {
  counts: { stored: 41, pending: 3, failed: 2 },
  photos: [
    {
      url: BROKEN,
      status: 'failed',
      attempts: 1,
      last_error: `${BROKEN} is not an image: only JPEG, PNG, WebP and AVIF photos are taken`,
      next_attempt_at: null,
      queued_at: '2026-11-27T07:00:00.000Z',
      stocknums: ['HM-1001', 'HM-1002'],
      car_count: 4,
    },
  ],
};

/** The schedules the API holds in this test: a change is seen by the next list, as on the server. */
function feedStore(feeds: FeedSchedule[]): TestRoutes {
  return {
    'GET /_admin/feeds': () => ({ body: { feeds } }),
    'PUT /_admin/feeds/:tenant/:source': ({ url, body }) => {
      const [, , , tenant = '', source = ''] = url.split('/');
      const asked = ScheduleBody.parse(body);
      const feed: FeedSchedule = {
        ...FEED,
        tenant,
        source,
        ...asked,
        last_pulled_at: null,
        last_outcome: null,
        last_message: null,
      };
      const at = feeds.findIndex((f) => f.source === source);
      if (at === -1) feeds.push(feed);
      else feeds[at] = feed;
      return { status: at === -1 ? 201 : 200, body: { feed } };
    },
    'DELETE /_admin/feeds/:tenant/:source': ({ url }) => {
      const at = feeds.findIndex((f) => f.source === url.split('/')[4]);
      const [feed] = feeds.splice(at, 1);
      return { body: { feed } };
    },
  };
}

function routes(overrides: TestRoutes = {}): TestRoutes {
  return {
    'GET /_admin/tenant-names': { body: tenantNames() },
    'GET /_admin/imports': { body: { imports: [QUARANTINED, stockImport()] } },
    'GET /_admin/imports/:id': {
      body: {
        import: { ...stockImport(), errors: ERRORS, created_by: 'stock key 7 (Harbourside DMS)' },
      } satisfies StockImportDetail,
    },
    'GET /_admin/feeds': { body: { feeds: [FEED] } },
    'GET /_admin/stock-keys': { body: { keys: [stockKey()] } },
    'GET /_admin/photos': { body: PHOTOS },
    ...overrides,
  };
}

const renderStock = (options: { account?: typeof SAM; routes?: TestRoutes } = {}) =>
  renderConsole('/stock', {
    ...(options.account ? { account: options.account } : {}),
    routes: options.routes ?? routes(),
  });

const region = async (name: string) => within(await screen.findByRole('region', { name }));

describe('the stock page', () => {
  it("lists a tenant's recent imports with their status, counts and duration", async () => {
    renderStock();
    const imports = await region('Recent imports of Harbourside Motors');
    expect(imports.getByRole('row', { name: /^41/ })).toHaveTextContent(/dms.*done32411.*4 sShow/);
    expect(imports.getByRole('row', { name: /^42/ })).toHaveTextContent('quarantined');
  });

  it('lists the scheduled feeds with their URL, interval, last pull and what it came to', async () => {
    renderStock();
    const feeds = await region('Scheduled feeds of Harbourside Motors');
    expect(feeds.getByRole('row', { name: /main-yard/ })).toHaveTextContent(
      /^main-yardhttps:\/\/dms\.example\.com\/export\/stock\.csv1 h/,
    );
    expect(feeds.getByRole('row', { name: /main-yard/ })).toHaveTextContent(
      'failedhttps://dms.example.com/export/stock.csv answered 503',
    );
  });

  it('shows a quarantined import apart, with why it was held back', async () => {
    renderStock();
    const held = await screen.findByRole('region', { name: 'Held back: 1 quarantined import' });
    expect(held).toHaveTextContent(`Import 42 of source dms`);
    expect(held).toHaveTextContent(HELD);
  });

  it('applies a quarantined import anyway only after asking for a reason, and sends it', async () => {
    const sent = recordRequests();
    renderStock({
      account: SAM,
      routes: routes({
        'POST /_admin/imports/:id/apply': {
          status: 202,
          body: { import: { ...QUARANTINED, status: 'queued', errors: [], created_by: 'x' } },
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply import 42 anyway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply import 42 anyway?' });
    expect(dialog).toHaveTextContent(HELD);
    const confirm = within(dialog).getByRole('button', { name: 'Apply anyway' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: '  The dealer sold its other yard ' },
    });
    fireEvent.click(confirm);
    expect(
      await screen.findByText('Import 42 is queued to apply anyway: its cars change in a moment.'),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      url: '/_admin/imports/42/apply',
      body: { reason: 'The dealer sold its other yard' },
    });
  });

  it("keeps the dialog open with the API's words when the apply is refused", async () => {
    const refusal = 'Import 42 is queued, not quarantined: only a quarantined import is applied anyway';
    renderStock({
      routes: routes({
        'POST /_admin/imports/:id/apply': { status: 409, body: { error: refusal, current: 'queued' } },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply import 42 anyway' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Checked with the dealer' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply anyway' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Not done: ${refusal}`);
  });

  it("shows an import's rejected rows, and offers them as CSV", async () => {
    renderStock();
    fireEvent.click(await screen.findByRole('button', { name: 'Show import 41' }));
    const rows = await region('Rejected rows of import 41');
    expect(rows.getByRole('row', { name: /FD-3/ })).toHaveTextContent('3FD-3priceprice: required');
    const link = screen.getByRole('link', { name: 'Download rejected rows (CSV)' });
    expect(link).toHaveAttribute('download', 'import-41-rejected-rows.csv');
    expect(decodeURIComponent((link.getAttribute('href') ?? '').replace('data:text/csv;charset=utf-8,', ''))).toBe(
      rejectedRowsCsv(ERRORS),
    );
  });

  it('says of an import applied anyway why it was held back, and who applied it why', async () => {
    const applied = {
      ...QUARANTINED,
      status: 'done' as const,
      applied_anyway: { at: '2026-11-27T08:05:00.000Z', by: 'Sam Lee', reason: 'The dealer sold its other yard' },
    };
    renderStock({
      routes: routes({
        'GET /_admin/imports/:id': { body: { import: { ...applied, errors: [], created_by: 'stock-key:7' } } },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show import 42' }));
    const detail = within(await screen.findByRole('region', { name: 'Import 42' }));
    expect(await detail.findByText(HELD)).toBeInTheDocument();
    expect(detail.getByText(/^by Sam Lee, .*: The dealer sold its other yard$/)).toBeInTheDocument();
    expect(detail.getByText('None.')).toBeInTheDocument();
  });

  it('writes the CSV so a spreadsheet reads every cell as text', () => {
    expect(rejectedRowsCsv(ERRORS)).toBe(
      'row,vehicle_id,field,message\r\n3,FD-3,price,price: required\r\n7,"\'=HYPERLINK(""x"")",make,"make: ""Tesla, Inc"" is not a make"\r\n',
    );
  });

  it('lists the tenant’s Stock API keys with their revoke', async () => {
    renderStock();
    const keys = await region('Stock keys of Harbourside Motors');
    expect(keys.getByRole('row', { name: /Harbourside DMS/ })).toHaveTextContent('active');
    expect(keys.getByRole('button', { name: 'Revoke key 7 (Harbourside DMS)' })).toBeInTheDocument();
  });

  it("names what failed when the imports cannot be read, in the API's words", async () => {
    renderStock({
      routes: routes({ 'GET /_admin/imports': { status: 500, body: { error: 'the database did not answer' } } }),
    });
    expect(await screen.findByText('the database did not answer')).toBeInTheDocument();
    expect(screen.getByText('the database did not answer').closest('[role="alert"]')).toHaveTextContent(
      'Could not load the imports: the database did not answer',
    );
  });

  it('offers a tenant manager only its own tenants', async () => {
    renderStock({ account: SAM });
    await screen.findByRole('option', { name: 'Harbourside Motors' });
    expect(
      within(screen.getByRole('combobox', { name: 'Tenant' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Harbourside Motors']);
  });

  it('gives a viewer none of it: no lists, no controls, no requests for them', async () => {
    const sent = recordRequests();
    renderStock({ account: VI });
    expect(await screen.findByText(/are for operators and each tenant's managers/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Apply|Revoke|Make key/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Stock' })).not.toBeInTheDocument();
    expect(sent.filter((r) => /imports|feeds|stock-keys|photos/.test(r.url))).toEqual([]);
  });
});

describe('the scheduled feeds, changed from the stock page', () => {
  const feedForm = async () => within(await screen.findByRole('form', { name: 'Add a scheduled feed' }));

  it("adds a feed with the form's values, sends them, and lists it", async () => {
    const sent = recordRequests();
    renderStock({ account: SAM, routes: routes(feedStore([FEED])) });
    const form = await feedForm();
    fireEvent.change(form.getByRole('textbox', { name: 'Source' }), { target: { value: 'back-lot' } });
    fireEvent.change(form.getByRole('textbox', { name: 'URL' }), {
      target: { value: ' https://dms.example.com/export/back-lot.xml ' },
    });
    fireEvent.change(form.getByRole('spinbutton', { name: 'Every (minutes)' }), { target: { value: '30' } });
    expect(form.getByRole('combobox', { name: 'Format' })).toHaveValue('meta-auto');
    fireEvent.click(form.getByRole('button', { name: 'Add feed' }));
    expect(
      await screen.findByText('Feed back-lot of Harbourside Motors is saved: pulled every 30 min.'),
    ).toBeInTheDocument();
    const feeds = await region('Scheduled feeds of Harbourside Motors');
    expect(await feeds.findByRole('row', { name: /back-lot/ })).toHaveTextContent(
      /^back-lothttps:\/\/dms\.example\.com\/export\/back-lot\.xml30 min/,
    );
    expect((await feedForm()).getByRole('textbox', { name: 'Source' })).toHaveValue('');
    expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/_admin/feeds/harbourside-motors/back-lot',
      body: { url: 'https://dms.example.com/export/back-lot.xml', format: 'meta-auto', interval_minutes: 30 },
    });
  });

  it('changes a listed feed from the same form, its source kept', async () => {
    const sent = recordRequests();
    renderStock({ account: SAM, routes: routes(feedStore([FEED])) });
    fireEvent.click(await screen.findByRole('button', { name: 'Change feed main-yard' }));
    const form = within(screen.getByRole('form', { name: 'Change feed main-yard' }));
    expect(form.getByRole('textbox', { name: 'Source' })).toHaveAttribute('readonly');
    expect(form.getByRole('textbox', { name: 'URL' })).toHaveValue(FEED.url);
    fireEvent.change(form.getByRole('spinbutton', { name: 'Every (minutes)' }), { target: { value: '120' } });
    fireEvent.click(form.getByRole('button', { name: 'Save feed' }));
    expect(
      await screen.findByText('Feed main-yard of Harbourside Motors is saved: pulled every 2 h.'),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/_admin/feeds/harbourside-motors/main-yard',
      body: { url: FEED.url, interval_minutes: 120 },
    });
  });

  it("shows the API's refusal of a field beside the form, and marks the field", async () => {
    const refusal = 'url: an http or https URL';
    renderStock({
      account: SAM,
      routes: routes({ 'PUT /_admin/feeds/:tenant/:source': { status: 400, body: { error: refusal, field: 'url' } } }),
    });
    const form = await feedForm();
    fireEvent.change(form.getByRole('textbox', { name: 'Source' }), { target: { value: 'back-lot' } });
    fireEvent.change(form.getByRole('textbox', { name: 'URL' }), {
      target: { value: 'ftp://dms.example.com/stock.csv' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Add feed' }));
    expect(await form.findByRole('alert')).toHaveTextContent(`Feed not saved: ${refusal}`);
    expect(form.getByRole('textbox', { name: 'URL' })).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('textbox', { name: 'URL' })).toHaveAccessibleDescription(expect.stringContaining(refusal));
  });

  it("shows the API's 409 when the site has all the feeds it may have", async () => {
    const refusal =
      'source: this site has 10 scheduled feeds, the most it may have (FORECOURT_FEEDS_PER_SITE); remove one, or change one it has';
    renderStock({
      account: SAM,
      routes: routes({
        'PUT /_admin/feeds/:tenant/:source': { status: 409, body: { error: refusal, field: 'source' } },
      }),
    });
    const form = await feedForm();
    fireEvent.change(form.getByRole('textbox', { name: 'Source' }), { target: { value: 'one-more' } });
    fireEvent.change(form.getByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://dms.example.com/one-more.csv' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Add feed' }));
    expect(await form.findByRole('alert')).toHaveTextContent(`Feed not saved: ${refusal}`);
  });

  it('removes a feed only once asked, sends DELETE, and lists it no more', async () => {
    const sent = recordRequests();
    renderStock({ account: SAM, routes: routes(feedStore([FEED])) });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove feed main-yard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove feed main-yard of Harbourside Motors?' });
    expect(dialog).toHaveTextContent(`The platform stops pulling ${FEED.url}.`);
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove feed' }));
    expect(
      await screen.findByText('Feed main-yard of Harbourside Motors is removed: it is pulled no more.'),
    ).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/_admin/feeds/harbourside-motors/main-yard',
    ]);
    expect(await screen.findByText(/^No scheduled feeds/)).toBeInTheDocument();
  });

  it('offers a viewer no feed controls', async () => {
    renderStock({ account: VI });
    expect(await screen.findByText(/are for operators and each tenant's managers/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a scheduled feed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /feed/i })).not.toBeInTheDocument();
  });
});

describe('the photos on the stock page', () => {
  it('counts the photos by status', async () => {
    renderStock();
    const photos = within((await screen.findByRole('heading', { name: 'Photos' })).closest('section') as HTMLElement);
    expect(await photos.findByText('stored')).toBeInTheDocument();
    expect(photos.getByText('stored').closest('p')).toHaveTextContent('41 stored3 pending2 failed');
  });

  it('lists a failing photo with its cars, why it failed and that it is not tried again, its URL short and whole in the link', async () => {
    renderStock();
    const photos = await region('Photos not stored of Harbourside Motors');
    const row = photos.getByRole('row', { name: /cdn\.example\.com/ });
    expect(row).toHaveTextContent(
      `cdn.example.com/…/2-rear-three-quarter.jpgHM-1001, HM-1002 and 2 morefailed1${PHOTOS.photos[0]!.last_error}not again`,
    );
    const link = within(row).getByRole('link', { name: 'cdn.example.com/…/2-rear-three-quarter.jpg' });
    expect(link).toHaveAttribute('href', BROKEN);
    expect(link).toHaveAttribute('title', BROKEN);
  });

  it('says when every photo is stored, with no table', async () => {
    renderStock({
      routes: routes({
        'GET /_admin/photos': {
          body: { counts: { stored: 41, pending: 0, failed: 0 }, photos: [] } satisfies TenantPhotos,
        },
      }),
    });
    expect(await screen.findByText('Every photo is stored.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Photos not stored of Harbourside Motors' })).not.toBeInTheDocument();
  });

  it("says when the site's cars name no photo", async () => {
    renderStock({
      routes: routes({
        'GET /_admin/photos': {
          body: { counts: { stored: 0, pending: 0, failed: 0 }, photos: [] } satisfies TenantPhotos,
        },
      }),
    });
    expect(await screen.findByText("No photos: none of this site's cars names one yet.")).toBeInTheDocument();
  });
});
