import { act, render, screen } from '@testing-library/react';
import { serveRoutes } from '@forecourt/shared-config/testing';
import { MemoryRouter } from 'react-router';
import { z } from 'zod';
import { ConsoleRoutes } from '../app';
import { SessionProvider } from '../session/session';
import { account, tenantTable } from '../testing/fixtures';
import { POLL_MS, useLive } from './use-live';

const Count = z.object({ count: z.number() });

function Counter() {
  const live = useLive(Count, '/_admin/count');
  return (
    <>
      <p>count {live.data?.count ?? 'none'}</p>
      {live.error ? <p role="alert">{live.error.message}</p> : null}
    </>
  );
}

function renderCounter() {
  return render(
    <SessionProvider>
      <MemoryRouter>
        <Counter />
      </MemoryRouter>
    </SessionProvider>,
  );
}

const SESSION = { body: { account: account(), csrf: 'c' } };

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('a live read', () => {
  it('asks again every 5 seconds and shows the new answer', async () => {
    let count = 1;
    serveRoutes({ 'GET /_admin/session': SESSION, 'GET /_admin/count': () => ({ body: { count: count++ } }) });
    renderCounter();
    expect(await screen.findByText('count 1')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(POLL_MS);
    });
    expect(screen.getByText('count 2')).toBeInTheDocument();
  });

  it('keeps the last answer and shows the failure of a later one in the API’s words', async () => {
    let fail = false;
    serveRoutes({
      'GET /_admin/session': SESSION,
      'GET /_admin/count': () =>
        fail ? { status: 503, body: { error: 'The database is not answering' } } : { body: { count: 4 } },
    });
    renderCounter();
    expect(await screen.findByText('count 4')).toBeInTheDocument();
    fail = true;
    await act(async () => {
      jest.advanceTimersByTime(POLL_MS);
    });
    expect(screen.getByText('count 4')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The database is not answering');
  });

  it('keeps the last answer and says so when a later one is not what the contract describes', async () => {
    let changed = false;
    serveRoutes({
      'GET /_admin/session': SESSION,
      'GET /_admin/count': () => ({ body: changed ? { count: 'five' } : { count: 4 } }),
    });
    renderCounter();
    expect(await screen.findByText('count 4')).toBeInTheDocument();
    changed = true;
    await act(async () => {
      jest.advanceTimersByTime(POLL_MS);
    });
    expect(screen.getByText('count 4')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "The server's answer to GET /_admin/count is not what this console expects",
    );
  });

  it('sends the operator to sign-in with the API’s reason when the session has ended', async () => {
    let ended = false;
    serveRoutes({
      'GET /_admin/session': SESSION,
      'GET /_admin/tenant-table': () =>
        ended
          ? { status: 401, body: { error: 'Not signed in (session expired): sign in with a passkey' } }
          : { body: tenantTable({ rows: [], total: 0 }) },
    });
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/']}>
          <ConsoleRoutes />
        </MemoryRouter>
      </SessionProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Tenants' })).toBeInTheDocument();
    ended = true;
    await act(async () => {
      jest.advanceTimersByTime(POLL_MS);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Not signed in (session expired): sign in with a passkey')).toBeInTheDocument();
  });
});
