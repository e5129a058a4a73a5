/** @jest-environment node */
import Fastify, { type FastifyInstance } from 'fastify';
import type { SlideData } from '../src/contract';
import searchServer, { type SearchPorts } from '.';

/**
 * mf-search's own routes over the team's plugin with fake ports (the platform's real ones read
 * the tenant's rows, exercised in infra's API tests).
 */

const slides: SlideData[] = [
  {
    id: 'test-motors-s1',
    name: 'Welcome to Test Motors',
    description: 'Quality cars in Sydney.',
    url: '/search/new-used-and-demo-cars',
    image: '/media/slides/test-motors-1.jpg?w=1600',
    hideOverlay: false,
  },
  {
    id: 'test-motors-s3',
    name: 'Sell your car',
    description: 'Get an instant offer in 2 minutes.',
    url: '/sell-my-car',
    image: '/media/slides/test-motors-3.jpg?w=1600',
    hideOverlay: true,
  },
];

async function app(ports: Partial<SearchPorts>): Promise<FastifyInstance> {
  const fastify = Fastify();
  await fastify.register(searchServer, { ports });
  return fastify;
}

describe('GET /api/search/slides', () => {
  it('answers the site’s slides in its order, with their overlay switch', async () => {
    const response = await (
      await app({ slides: async () => slides })
    ).inject({ method: 'GET', url: '/api/search/slides' });
    expect([response.statusCode, response.json()]).toEqual([200, { slides }]);
  });

  it('lets any cache keep the answer for five minutes', async () => {
    const response = await (
      await app({ slides: async () => slides })
    ).inject({ method: 'GET', url: '/api/search/slides' });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers an empty list for a site without slides', async () => {
    const response = await (await app({ slides: async () => [] })).inject({ method: 'GET', url: '/api/search/slides' });
    expect([response.statusCode, response.json()]).toEqual([200, { slides: [] }]);
  });

  it('answers 404 with an error when the request names no site', async () => {
    const response = await (
      await app({ slides: async () => null })
    ).inject({ method: 'GET', url: '/api/search/slides' });
    expect([response.statusCode, response.json()]).toEqual([404, { error: 'No dealer site at this address' }]);
  });
});
