import { serveRoutes } from './http';

const getJson = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init);
  return { status: response.status, ok: response.ok, body: (await response.json()) as unknown };
};

it('answers a declared route with its status and JSON body', async () => {
  serveRoutes({ 'GET /api/vehicle/cars/:slug': { status: 404, body: { error: 'No such car' } } });
  expect(await getJson('/api/vehicle/cars/2021-toyota-hilux?fresh=1')).toEqual({
    status: 404,
    ok: false,
    body: { error: 'No such car' },
  });
});

it('answers from a function of the request, with its method, address and JSON body', async () => {
  serveRoutes({ 'POST /api/leads/submit': ({ method, url, body }) => ({ status: 201, body: { method, url, body } }) });
  const answer = await getJson('/api/leads/submit?from=test', {
    method: 'POST',
    body: JSON.stringify({ first_name: 'Jo' }),
  });
  expect(answer).toEqual({
    status: 201,
    ok: true,
    body: { method: 'POST', url: '/api/leads/submit?from=test', body: { first_name: 'Jo' } },
  });
});

it('matches the method as well as the path', async () => {
  serveRoutes({
    'POST /api/events': { status: 202, body: { posted: true } },
    'GET /api/events': { body: { got: true } },
  });
  expect(await getJson('/api/events', { method: 'POST' })).toEqual({ status: 202, ok: true, body: { posted: true } });
});

it('fails the call as a lost connection does for a route declared network-down', async () => {
  serveRoutes({ 'GET /api/locations/locations': 'network-down' });
  await expect(fetch('/api/locations/locations')).rejects.toThrow(new TypeError('Failed to fetch'));
});

it('leaves a route declared unanswered without an answer', async () => {
  serveRoutes({ 'GET /api/finance/featured': 'unanswered' });
  const answered = await Promise.race([
    fetch('/api/finance/featured').then(() => 'answered'),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), 50)),
  ]);
  expect(answered).toBe('still waiting');
});
