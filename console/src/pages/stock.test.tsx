import { fireEvent, screen, within } from '@testing-library/react';
import type { FeedSchedule, ImportRowError, StockImport, StockImportDetail } from '../api/types';
import { account, overview, stockKey } from '../testing/fixtures';
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

const QUARANTINED = stockImport({ id: '42', status: 'quarantined', message: HELD, rows: 2, counts: { created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 }, error_count: 0, created_at: '2026-11-27T08:00:00.000Z' });

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

function routes(overrides: TestRoutes = {}): TestRoutes {
  return {
    'GET /_admin/overview': { body: overview() },
    'GET /_admin/imports': { body: { imports: [QUARANTINED, stockImport()] } },
    'GET /_admin/imports/:id': { body: { import: { ...stockImport(), errors: ERRORS, created_by: 'stock key 7 (Harbourside DMS)' } } satisfies StockImportDetail },
    'GET /_admin/feeds': { body: { feeds: [FEED] } },
    'GET /_admin/stock-keys': { body: { keys: [stockKey()] } },
    ...overrides,
  };
}

const renderStock = (options: { account?: typeof SAM; routes?: TestRoutes } = {}) => renderConsole('/stock', { ...(options.account ? { account: options.account } : {}), routes: options.routes ?? routes() });

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
    expect(feeds.getByRole('row', { name: /main-yard/ })).toHaveTextContent(/^main-yardhttps:\/\/dms\.example\.com\/export\/stock\.csv1 h/);
    expect(feeds.getByRole('row', { name: /main-yard/ })).toHaveTextContent('failedhttps://dms.example.com/export/stock.csv answered 503');
  });

  it('shows a quarantined import apart, with why it was held back', async () => {
    renderStock();
    const held = await screen.findByRole('region', { name: 'Held back: 1 quarantined import' });
    expect(held).toHaveTextContent(`Import 42 of source dms`);
    expect(held).toHaveTextContent(HELD);
  });

  it('applies a quarantined import anyway only after asking for a reason, and sends it', async () => {
    const sent = recordRequests();
    renderStock({ account: SAM, routes: routes({ 'POST /_admin/imports/:id/apply': { status: 202, body: { import: { ...QUARANTINED, status: 'queued', errors: [], created_by: 'x' } } } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply import 42 anyway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply import 42 anyway?' });
    expect(dialog).toHaveTextContent(HELD);
    const confirm = within(dialog).getByRole('button', { name: 'Apply anyway' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: '  The dealer sold its other yard ' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Import 42 is queued to apply anyway: its cars change in a moment.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({ url: '/_admin/imports/42/apply', body: { reason: 'The dealer sold its other yard' } });
  });

  it("keeps the dialog open with the API's words when the apply is refused", async () => {
    const refusal = "Import 42 is queued, not quarantined: only a quarantined import is applied anyway";
    renderStock({ routes: routes({ 'POST /_admin/imports/:id/apply': { status: 409, body: { error: refusal, current: 'queued' } } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply import 42 anyway' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Checked with the dealer' } });
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
    expect(decodeURIComponent((link.getAttribute('href') ?? '').replace('data:text/csv;charset=utf-8,', ''))).toBe(rejectedRowsCsv(ERRORS));
  });

  it('says of an import applied anyway why it was held back, and who applied it why', async () => {
    const applied = { ...QUARANTINED, status: 'done' as const, applied_anyway: { at: '2026-11-27T08:05:00.000Z', by: 'Sam Lee', reason: 'The dealer sold its other yard' } };
    renderStock({ routes: routes({ 'GET /_admin/imports/:id': { body: { import: { ...applied, errors: [], created_by: 'stock-key:7' } } } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Show import 42' }));
    const detail = within(await screen.findByRole('region', { name: 'Import 42' }));
    expect(await detail.findByText(HELD)).toBeInTheDocument();
    expect(detail.getByText(/^by Sam Lee, .*: The dealer sold its other yard$/)).toBeInTheDocument();
    expect(detail.getByText('None.')).toBeInTheDocument();
  });

  it('writes the CSV so a spreadsheet reads every cell as text', () => {
    expect(rejectedRowsCsv(ERRORS)).toBe('row,vehicle_id,field,message\r\n3,FD-3,price,price: required\r\n7,"\'=HYPERLINK(""x"")",make,"make: ""Tesla, Inc"" is not a make"\r\n');
  });

  it('lists the tenant’s Stock API keys with their revoke', async () => {
    renderStock();
    const keys = await region('Stock keys of Harbourside Motors');
    expect(keys.getByRole('row', { name: /Harbourside DMS/ })).toHaveTextContent('active');
    expect(keys.getByRole('button', { name: 'Revoke key 7 (Harbourside DMS)' })).toBeInTheDocument();
  });

  it("names what failed when the imports cannot be read, in the API's words", async () => {
    renderStock({ routes: routes({ 'GET /_admin/imports': { status: 500, body: { error: 'the database did not answer' } } }) });
    expect(await screen.findByText('the database did not answer')).toBeInTheDocument();
    expect(screen.getByText('the database did not answer').closest('[role="alert"]')).toHaveTextContent('Could not load the imports: the database did not answer');
  });

  it('offers a tenant manager only its own tenants', async () => {
    renderStock({ account: SAM });
    await screen.findByRole('option', { name: 'Harbourside Motors' });
    expect(within(screen.getByRole('combobox', { name: 'Tenant' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Harbourside Motors']);
  });

  it('gives a viewer none of it: no lists, no controls, no requests for them', async () => {
    const sent = recordRequests();
    renderStock({ account: VI });
    expect(await screen.findByText(/are for operators and each tenant's managers/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Apply|Revoke|Make key/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Stock' })).not.toBeInTheDocument();
    expect(sent.filter((r) => /imports|feeds|stock-keys/.test(r.url))).toEqual([]);
  });
});
