import { serveRoutes } from '@forecourt/shared-config/testing';
import { Audit, PinResult, PinsOverview } from '@forecourt/admin-contract';
import { recordRequests } from '../testing/render-console';
import { ApiError, createApiClient } from './client';

const api = createApiClient(() => 'the-csrf');

describe('the admin API client', () => {
  it("sends a change with the session's CSRF token and a JSON body", async () => {
    const sent = recordRequests();
    const pin = {
      tenant: 'harbourside-motors',
      team: 'mf-search',
      version: '1.1.6',
      lastGoodVersion: '1.1.5',
      updatedAt: '2026-11-27T08:00:00.000Z',
    };
    serveRoutes({ 'POST /_admin/promote': { body: { pin, change: null, droppedCanary: null } } });
    await api.send(PinResult, 'POST', '/_admin/promote', {
      tenant: 'harbourside-motors',
      team: 'mf-search',
      expected: '1.1.5',
    });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      headers: { 'x-csrf-token': 'the-csrf', 'content-type': 'application/json' },
      body: { tenant: 'harbourside-motors', team: 'mf-search', expected: '1.1.5' },
    });
  });

  it('reads without a CSRF token', async () => {
    const sent = recordRequests();
    serveRoutes({ 'GET /_admin/audit': { body: { entries: [] } } });
    await api.get(Audit, '/_admin/audit');
    expect(sent[0]?.headers['x-csrf-token']).toBeUndefined();
  });

  it("throws the API's own words, with what a stale change says the pin is now", async () => {
    serveRoutes({
      'POST /_admin/promote': {
        status: 409,
        body: {
          error: 'harbourside-motors mf-search is on 1.1.7 now, not 1.1.5 as you saw: look again before you change it',
          current: '1.1.7',
        },
      },
    });
    const failure = await api.send(PinResult, 'POST', '/_admin/promote', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      message: 'harbourside-motors mf-search is on 1.1.7 now, not 1.1.5 as you saw: look again before you change it',
      status: 409,
      body: { current: '1.1.7' },
    });
  });

  it("says what came back when the answer is not the admin API's", async () => {
    serveRoutes({ 'GET /_admin/pins': { status: 502, body: 'Bad gateway' } });
    await expect(api.get(PinsOverview, '/_admin/pins')).rejects.toThrow('The server answered 502: "Bad gateway"');
  });

  it('says the server could not be reached when the network fails', async () => {
    serveRoutes({ 'GET /_admin/pins': 'network-down' });
    await expect(api.get(PinsOverview, '/_admin/pins')).rejects.toMatchObject({
      status: 0,
      message: 'The console could not reach the server (Failed to fetch)',
    });
  });

  it('refuses an answer the contract does not describe, naming what differs, rather than showing half of it', async () => {
    serveRoutes({ 'GET /_admin/audit': { body: { entries: [{ id: '9', action: 'pin' }] } } });
    const failure = await api.get(Audit, '/_admin/audit?tenant=x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 200, body: null });
    expect((failure as ApiError).message).toMatch(
      /^The server's answer to GET \/_admin\/audit is not what this console expects/,
    );
    expect((failure as ApiError).message).toMatch(/entries\[0\]\.id/);
  });
});
