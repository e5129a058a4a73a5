import { act, screen } from '@testing-library/react';
import { renderWithPlatform, serveRoutes } from '../testing/render';
import { useApiRead } from './api';
import * as zm from './api-schema';
import { refreshSession, signOut, useSession } from './session';

const listSchema = zm.object({ cars: zm.array(zm.string()) });

/** A shopper's own list, as a garage shows it. */
function MyList() {
  const read = useApiRead('test-team', '/api/mine', listSchema);
  return <p>{read.status === 'ready' ? `cars: ${read.data.cars.join(', ')}` : read.status}</p>;
}

function Session() {
  const session = useSession();
  return <p>{session.status === 'signed-in' ? `signed in as ${session.user.phone}` : 'signed out'}</p>;
}

describe('the page’s session', () => {
  it('asks again for a list that said signed-out once the shopper is signed in', async () => {
    let signedIn = false;
    serveRoutes({
      'GET /api/mine': () => (signedIn ? { body: { cars: ['hilux'] } } : { status: 401, body: { error: 'Sign in' } }),
      'GET /api/session': { body: { user: { phone: '0412345678' } } },
      'GET /api/watchlist': { body: { cars: [] } },
    });
    renderWithPlatform(<MyList />);
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    signedIn = true;
    await act(() => refreshSession());
    expect(await screen.findByText('cars: hilux')).toBeInTheDocument();
  });

  it('signs the page out once the server has ended the session', async () => {
    serveRoutes({ 'POST /api/auth/sign-out': { body: { user: null } } });
    renderWithPlatform(<Session />, { session: { status: 'signed-in', user: { phone: '0412345678' } } });
    await act(() => signOut());
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });
});
