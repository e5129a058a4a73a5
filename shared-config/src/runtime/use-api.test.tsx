import { screen } from '@testing-library/react';
import { expectConsole, renderWithPlatform, serveRoutes } from '../testing/render';
import { useApiRead } from './use-api';

function Count({ url }: { url: string }) {
  const read = useApiRead('test-team', url, (json) => (json as { count: number }).count);
  return <p>{read.status === 'ready' ? `count ${read.data}` : read.status}</p>;
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

  it('says failed, and logs which read failed, for any other error', async () => {
    serveRoutes({ 'GET /api/count': { status: 500, body: {} } });
    expectConsole('error', '[test-team] /api/count could not be read');
    renderWithPlatform(<Count url="/api/count" />);
    expect(await screen.findByText('failed')).toBeInTheDocument();
  });

  it('reads again when the address changes', async () => {
    serveRoutes({ 'GET /api/count': { body: { count: 1 } }, 'GET /api/other': { body: { count: 2 } } });
    const { rerender } = renderWithPlatform(<Count url="/api/count" />);
    expect(await screen.findByText('count 1')).toBeInTheDocument();
    rerender(<Count url="/api/other" />);
    expect(await screen.findByText('count 2')).toBeInTheDocument();
  });
});
