import { fireEvent, screen } from '@testing-library/react';
import { account, overview, tenantTable } from '../testing/fixtures';
import { attestation, installBrowserPasskeys } from '../testing/browser-passkeys';
import { recordRequests, renderConsole } from '../testing/render-console';

const passkeys = installBrowserPasskeys();
const CODE = `fce_${'a'.repeat(43)}`;
const OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'console.localhost', name: 'Forecourt console' },
  user: { id: 'dXNlcg', name: 'Ada Admin', displayName: 'Ada Admin' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  attestation: 'none',
  excludeCredentials: [],
  timeout: 60000,
};

describe('enrolling a passkey from a link', () => {
  it("sends the link's code with the new passkey and its name, and signs the person in", async () => {
    const sent = recordRequests();
    passkeys.create.mockResolvedValue(attestation());
    renderConsole(`/enroll#${CODE}`, {
      account: null,
      routes: {
        'POST /_admin/session/enroll/options': { body: OPTIONS },
        'POST /_admin/session/enroll': { body: { account: account(), csrf: 'fresh-csrf' } },
        'GET /_admin/overview': { body: overview() },
        'GET /_admin/tenant-table': { body: tenantTable() },
      },
    });
    fireEvent.change(await screen.findByLabelText('Name for this passkey (optional)'), {
      target: { value: 'Work laptop' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create my passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tenants' })).toBeInTheDocument();
    expect(sent.find((r) => r.url === '/_admin/session/enroll/options')?.body).toEqual({ code: CODE });
    expect(sent.find((r) => r.url === '/_admin/session/enroll')?.body).toMatchObject({
      code: CODE,
      label: 'Work laptop',
      response: {
        id: 'Y3JlZA',
        type: 'public-key',
        response: { attestationObject: 'YXR0ZXN0', transports: ['internal'] },
      },
    });
  });

  it('shows a used or expired code’s refusal as the server said it', async () => {
    renderConsole(`/enroll#${CODE}`, {
      account: null,
      routes: {
        'POST /_admin/session/enroll/options': {
          status: 401,
          body: { error: 'This enrollment link was used already: ask an operator for a new one' },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create my passkey' }));
    expect(
      await screen.findByText('This enrollment link was used already: ask an operator for a new one'),
    ).toBeInTheDocument();
  });

  it('says a link without its code is incomplete', async () => {
    renderConsole('/enroll', { account: null });
    expect(await screen.findByText(/This link has no enrollment code/)).toBeInTheDocument();
  });
});
