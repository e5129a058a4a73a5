import { fireEvent, screen, within } from '@testing-library/react';
import type { TenantSettings } from '@forecourt/admin-contract';
import { TenantConfigSchema } from '@forecourt/shared-config/tenant';
import { account } from '../testing/fixtures';
import { recordRequests, renderConsole, type TestRoutes } from '../testing/render-console';

const SAM = account({ id: 2, name: 'Sam Lee', role: 'tenant-manager', tenants: ['harbourside-motors'] });

function settings(revision = 41): TenantSettings {
  const config = TenantConfigSchema.parse({
    slug: 'harbourside-motors',
    name: 'Harbourside Motors',
    kind: 'multi-franchise',
    domains: ['www.harbourside.example'],
    logo: { text: 'HM', alt: 'Harbourside Motors' },
    theme: { primary: '#0b3d91', accent: '#f4a261' },
    contact: { phone: '(02) 9000 1234', city: 'Sydney', state: 'NSW' },
    nav: [{ label: 'New cars', href: '/search/new-cars' }],
  });
  return {
    tenant: 'harbourside-motors',
    revision,
    updatedAt: '2026-12-01T09:00:00.000Z',
    updatedBy: 'tenant files',
    config,
    locations: [
      {
        slug: 'harbourside-sydney',
        name: 'Harbourside Sydney',
        hours: {
          sales: [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
            weekday === 0 ? { weekday, open: null, close: null } : { weekday, open: '08:30', close: '17:30' },
          ),
        },
      },
    ],
  };
}

function routes(extra: TestRoutes = {}): TestRoutes {
  return { 'GET /_admin/tenants/:tenant/settings': { body: settings() }, ...extra };
}

const section = async (name: string) =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement);

describe("a tenant's settings page", () => {
  it('saves a new phone number with the revision the form was loaded at, and says so', async () => {
    const sent = recordRequests();
    renderConsole('/tenants/harbourside-motors/settings', {
      account: SAM,
      routes: routes({ 'PUT /_admin/tenants/:tenant/settings/:section': { body: settings(42) } }),
    });
    const contact = await section('Contact');
    fireEvent.change(contact.getByLabelText(/^Phone/), { target: { value: '(02) 9000 5678' } });
    fireEvent.click(contact.getByRole('button', { name: 'Save contact' }));
    expect(await contact.findByText('Contact saved. The site shows it on its next page.')).toBeInTheDocument();
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.url).toBe('/_admin/tenants/harbourside-motors/settings/contact');
    expect(put?.body).toEqual({
      revision: 41,
      value: { contact: { phone: '(02) 9000 5678', city: 'Sydney', state: 'NSW' } },
    });
  });

  it("shows the server's refusal under the field it names", async () => {
    renderConsole('/tenants/harbourside-motors/settings', {
      account: SAM,
      routes: routes({
        'PUT /_admin/tenants/:tenant/settings/:section': {
          status: 400,
          body: {
            error: "contact.city: must not be 'Nowhere'",
            field: 'contact.city',
            problems: [{ field: 'contact.city', reason: "must not be 'Nowhere'" }],
          },
        },
      }),
    });
    const contact = await section('Contact');
    fireEvent.change(contact.getByLabelText(/^City or town/), { target: { value: 'Nowhere' } });
    fireEvent.click(contact.getByRole('button', { name: 'Save contact' }));
    const city = contact.getByLabelText(/^City or town/);
    expect(await contact.findAllByText("must not be 'Nowhere'")).not.toHaveLength(0);
    expect(city).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a colour that is not one before sending anything', async () => {
    const sent = recordRequests();
    renderConsole('/tenants/harbourside-motors/settings', { account: SAM, routes: routes() });
    const brand = await section('Logo and colours');
    fireEvent.change(brand.getByLabelText(/^Main colour/), { target: { value: 'navy' } });
    fireEvent.click(brand.getByRole('button', { name: 'Save logo and colours' }));
    expect(await brand.findAllByText('must be a colour like #1a2b3c')).not.toHaveLength(0);
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it("sends a department's week with a closed day as no times", async () => {
    const sent = recordRequests();
    renderConsole('/tenants/harbourside-motors/settings', {
      account: SAM,
      routes: routes({ 'PUT /_admin/tenants/:tenant/hours/:location': { body: settings(42) } }),
    });
    const hours = await section('Opening hours');
    fireEvent.change(hours.getByLabelText(/^Saturday closes/), { target: { value: '12:00' } });
    fireEvent.click(hours.getByRole('button', { name: 'Save sales hours' }));
    expect(await hours.findByText(/Sales hours at Harbourside Sydney saved/)).toBeInTheDocument();
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.url).toBe('/_admin/tenants/harbourside-motors/hours/harbourside-sydney');
    expect((put?.body as { days: unknown[] }).days[0]).toEqual({ weekday: 0, open: null, close: null });
    expect((put?.body as { days: unknown[] }).days[6]).toEqual({ weekday: 6, open: '08:30', close: '12:00' });
  });

  it("offers a tenant manager no section for the site's domains", async () => {
    renderConsole('/tenants/harbourside-motors/settings', { account: SAM, routes: routes() });
    await section('Contact');
    expect(screen.queryByRole('heading', { name: 'Site and domains' })).toBeNull();
  });

  it("offers an operator the site's domains", async () => {
    renderConsole('/tenants/harbourside-motors/settings', { routes: routes() });
    const site = await section('Site and domains');
    expect(site.getByLabelText(/^Domains/)).toHaveValue('www.harbourside.example');
  });
});
