import { act, screen } from '@testing-library/react';
import { expectConsole, renderWithPlatform, serveRoutes } from '../testing/render';
import { apiRead, apiWrite, invalidateApi, provideApiAnswer, useApiRead } from './api';
import * as zm from './api-schema';
import { useSession } from './session';

const countSchema = zm.object({ count: zm.number() });

function Count({ url, initial }: { url: string; initial?: { count: number } }) {
  const read = useApiRead('test-team', url, countSchema, initial ? { initial } : {});
  return <p>{read.status === 'ready' ? `count ${read.data.count}` : read.status}</p>;
}

function Session() {
  const session = useSession();
  return <p>{session.status === 'signed-in' ? `signed in as ${session.user.phone}` : 'signed out'}</p>;
}

const SIGNED_IN = { status: 'signed-in', user: { phone: '0412345678' } } as const;

/** An answer that counts the requests it gets: the nth answers `{ count: n }`. */
function countingAnswer() {
  const asked = { times: 0 };
  const answer = () => {
    asked.times += 1;
    return { body: { count: asked.times } };
  };
  return { asked, answer };
}

describe('useApiRead', () => {
  it('shows loading, then what the API answered', async () => {
    serveRoutes({ 'GET /api/count': { body: { count: 3 } } });
    renderWithPlatform(<Count url="/api/count" />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('count 3')).toBeInTheDocument();
  });

  it('says signed-out for a 401, the shopper’s own list asked for without a session', async () => {
    serveRoutes({ 'GET /api/count': { status: 401, body: { error: 'Sign in' } } });
    renderWithPlatform(<Count url="/api/count" />);
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
  });

  it('signs the page out when a 401 comes because the server no longer has the session', async () => {
    serveRoutes({
      'GET /api/count': { status: 401, body: { error: 'Sign in' } },
      'GET /api/session': { body: { user: null } },
    });
    renderWithPlatform(
      <>
        <Count url="/api/count" />
        <Session />
      </>,
      { session: SIGNED_IN },
    );
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });

  it('says missing for a 404', async () => {
    serveRoutes({ 'GET /api/count': { status: 404, body: { error: 'No such count' } } });
    renderWithPlatform(<Count url="/api/count" />);
    expect(await screen.findByText('missing')).toBeInTheDocument();
  });

  it('says failed, and logs which read failed, for any other error', async () => {
    serveRoutes({ 'GET /api/count': { status: 500, body: {} } });
    expectConsole('error', '[test-team] /api/count could not be read');
    renderWithPlatform(<Count url="/api/count" />);
    expect(await screen.findByText('failed')).toBeInTheDocument();
  });

  it('logs a failed read without its query, which may hold what the shopper typed', async () => {
    serveRoutes({ 'GET /api/count': { status: 500, body: {} } });
    expectConsole('error', /^\[test-team\] \/api\/count could not be read Error: HTTP 500\n/);
    renderWithPlatform(<Count url="/api/count?phone=0412345678" />);
    expect(await screen.findByText('failed')).toBeInTheDocument();
  });

  it('says failed, and logs it, for an answer of another shape than the schema', async () => {
    serveRoutes({ 'GET /api/count': { body: { count: 'three' } } });
    expectConsole('error', '[test-team] /api/count could not be read: its answer is not what the page expects');
    renderWithPlatform(<Count url="/api/count" />);
    expect(await screen.findByText('failed')).toBeInTheDocument();
  });

  it('says failed, and logs it, for an answer that is not JSON', async () => {
    const notJson = { ok: true, status: 200, json: async () => JSON.parse('<html>') as unknown };
    const fetch = jest.spyOn(globalThis, 'fetch').mockResolvedValueOnce(notJson as unknown as Response);
    expectConsole('error', '[test-team] /api/count could not be read');
    renderWithPlatform(<Count url="/api/count" />);
    expect(await screen.findByText('failed')).toBeInTheDocument();
    fetch.mockRestore();
  });

  it('reads again when the address changes', async () => {
    serveRoutes({ 'GET /api/count': { body: { count: 1 } }, 'GET /api/other': { body: { count: 2 } } });
    const { rerender } = renderWithPlatform(<Count url="/api/count" />);
    expect(await screen.findByText('count 1')).toBeInTheDocument();
    rerender(<Count url="/api/other" />);
    expect(await screen.findByText('count 2')).toBeInTheDocument();
  });

  it('asks once for two components that read one address at the same time', async () => {
    const { asked, answer } = countingAnswer();
    serveRoutes({ 'GET /api/count': answer });
    renderWithPlatform(
      <>
        <Count url="/api/count" />
        <Count url="/api/count" />
      </>,
    );
    expect(await screen.findAllByText('count 1')).toHaveLength(2);
    expect(asked.times).toBe(1);
  });

  it('shows a component that mounts later the answer the page has at once, then what the server answers now', async () => {
    const { answer } = countingAnswer();
    serveRoutes({ 'GET /api/count': answer });
    const { rerender } = renderWithPlatform(<Count url="/api/count" />);
    expect(await screen.findByText('count 1')).toBeInTheDocument();
    rerender(
      <>
        <Count url="/api/count" />
        <Count url="/api/count" />
      </>,
    );
    expect(screen.getAllByText('count 1')).toHaveLength(2);
    expect(await screen.findAllByText('count 2')).toHaveLength(2);
  });

  it('shows what the server asked again after a write invalidated the address', async () => {
    const { answer } = countingAnswer();
    serveRoutes({ 'GET /api/count': answer });
    renderWithPlatform(<Count url="/api/count" />);
    expect(await screen.findByText('count 1')).toBeInTheDocument();
    act(() => invalidateApi('/api/count'));
    expect(await screen.findByText('count 2')).toBeInTheDocument();
  });

  it('shows every component the answer the page came with, and asks for it no more', () => {
    // No route declared: a request would fail the test.
    provideApiAnswer('/api/count', { count: 5 });
    renderWithPlatform(
      <>
        <Count url="/api/count" />
        <Count url="/api/count" />
      </>,
    );
    expect(screen.getAllByText('count 5')).toHaveLength(2);
  });

  it("shows the server's first paint answer at once and does not ask for it again", () => {
    // No route declared: a request would fail the test.
    renderWithPlatform(<Count url="/api/count" initial={{ count: 7 }} />);
    expect(screen.getByText('count 7')).toBeInTheDocument();
  });
});

describe('apiRead', () => {
  it('gives what the schema parsed of the answer', async () => {
    serveRoutes({ 'GET /api/count': { body: { count: 4, extra: true } } });
    expect(await apiRead('/api/count', countSchema)).toEqual({ status: 'ready', data: { count: 4 } });
  });

  it('gives the server’s words with a refused read', async () => {
    serveRoutes({
      'GET /api/count': { status: 400, body: { error: 'postcode: must be 4 digits', field: 'postcode' } },
    });
    expect(await apiRead('/api/count', countSchema)).toEqual({
      status: 'failed',
      code: 400,
      message: 'postcode: must be 4 digits',
    });
  });
});

describe('apiWrite', () => {
  const saved = zm.object({ id: zm.string() });

  it('gives what the schema parsed of a success', async () => {
    serveRoutes({ 'POST /api/things': ({ body }) => ({ status: 201, body: { id: 't1', sent: body } }) });
    expect(await apiWrite('/api/things', { body: { name: 'Ute' }, schema: saved })).toEqual({
      ok: true,
      data: { id: 't1' },
    });
  });

  it('gives the status, the server’s words and the field it named for a refusal', async () => {
    serveRoutes({ 'POST /api/things': { status: 400, body: { error: 'name: is required', field: 'name' } } });
    expect(await apiWrite('/api/things', { body: {}, schema: saved })).toEqual({
      ok: false,
      status: 400,
      message: 'name: is required',
      field: 'name',
    });
  });

  it('gives status 0 and no words when no answer came', async () => {
    serveRoutes({ 'POST /api/things': 'network-down' });
    expect(await apiWrite('/api/things', { body: {} })).toEqual({ ok: false, status: 0, message: '' });
  });

  it('signs the page out before it answers when a 401 comes because the session ended', async () => {
    serveRoutes({
      'POST /api/things': { status: 401, body: { error: 'Please sign in.' } },
      'GET /api/session': { body: { user: null } },
    });
    renderWithPlatform(<Session />, { session: SIGNED_IN });
    let result: unknown;
    await act(async () => {
      result = await apiWrite('/api/things', { body: {} });
    });
    expect(result).toEqual({ ok: false, status: 401, message: 'Please sign in.' });
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('keeps the shopper signed in after a 401 the server gave with the session still there', async () => {
    serveRoutes({
      'POST /api/things': { status: 401, body: { error: 'phone: Confirm this phone first.', field: 'phone' } },
      'GET /api/session': { body: { user: { phone: '0412345678' } } },
    });
    renderWithPlatform(<Session />, { session: SIGNED_IN });
    await act(async () => {
      await apiWrite('/api/things', { body: {} });
    });
    expect(screen.getByText('signed in as 0412345678')).toBeInTheDocument();
  });
});
