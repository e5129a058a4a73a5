import { fireEvent, screen } from '@testing-library/react';
import { account, overview, tenantTable } from '../testing/fixtures';
import { assertion, installBrowserPasskeys } from '../testing/browser-passkeys';
import { recordRequests, renderConsole } from '../testing/render-console';
import { returnPath } from './sign-in';

const passkeys = installBrowserPasskeys();
const OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'console.localhost',
  userVerification: 'required',
  allowCredentials: [],
  timeout: 60000,
};

describe('signing in', () => {
  it('asks for a challenge, lets the browser answer with a passkey, and sends the answer', async () => {
    const sent = recordRequests();
    passkeys.get.mockResolvedValue(assertion());
    renderConsole('/sign-in', {
      account: null,
      routes: {
        'POST /_admin/session/options': { body: OPTIONS },
        'POST /_admin/session': { body: { account: account(), csrf: 'fresh-csrf' } },
        'GET /_admin/overview': { body: overview() },
        'GET /_admin/tenant-table': { body: tenantTable() },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tenants' })).toBeInTheDocument();
    const [request] = passkeys.get.mock.calls[0] as [{ publicKey: { rpId: string; userVerification: string } }];
    expect(request.publicKey).toMatchObject({ rpId: 'console.localhost', userVerification: 'required' });
    expect(sent.find((r) => r.url === '/_admin/session' && r.method === 'POST')?.body).toMatchObject({
      response: {
        id: 'Y3JlZA',
        rawId: 'Y3JlZA',
        type: 'public-key',
        response: { signature: 'c2ln', clientDataJSON: 'Y2xpZW50' },
      },
    });
  });

  it("shows the server's refusal as it said it", async () => {
    passkeys.get.mockResolvedValue(assertion());
    renderConsole('/sign-in', {
      account: null,
      routes: {
        'POST /_admin/session/options': { body: OPTIONS },
        'POST /_admin/session': {
          status: 401,
          body: { error: 'This passkey is not registered for the console (unknown credential)' },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText('This passkey is not registered for the console (unknown credential)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
  });

  it('says so when the person closes the passkey prompt', async () => {
    passkeys.get.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    renderConsole('/sign-in', { account: null, routes: { 'POST /_admin/session/options': { body: OPTIONS } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(/The operation either timed out or was not allowed/)).toBeInTheDocument();
  });
});

describe('where sign-in goes back to', () => {
  it.each([
    [{ from: '/audit?tenant=x' }, '/audit?tenant=x'],
    [{ from: '//evil.example/' }, '/'],
    [{ from: 'https://evil.example/' }, '/'],
    [{ from: '/sign-in' }, '/'],
    [null, '/'],
  ])('%j -> %s', (state, path) => {
    expect(returnPath(state)).toBe(path);
  });
});
