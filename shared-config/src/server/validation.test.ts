/** @jest-environment node */
import Fastify from 'fastify';
import { z } from 'zod';
import { fieldError, parseInput, RequestValidationError, sendInvalid } from './validation';

const Application = z
  .object({ data: z.object({ email: z.email({ error: 'Please enter a valid email address.' }), phone: z.string() }) })
  .strict();

/** What `parseInput` threw, for a check that is expected to fail. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('parseInput threw nothing');
}

describe('parseInput', () => {
  it('returns the checked value, as the schema outputs it', () => {
    expect(parseInput(z.object({ limit: z.coerce.number().default(21) }), { limit: '5' }, 'query')).toEqual({
      limit: 5,
    });
  });

  it('throws a RequestValidationError naming a nested field by its path joined with dots', () => {
    const error = thrownBy(() => parseInput(Application, { data: { email: 'nope', phone: '0412 555 019' } }, 'body'));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ field: 'data.email', message: 'data.email: Please enter a valid email address.' });
  });

  it('names an element of an array by its index', () => {
    const error = thrownBy(() => parseInput(z.object({ tags: z.array(z.string()) }), { tags: ['a', 7] }, 'body'));
    expect(error).toMatchObject({ field: 'tags.1' });
  });

  it('names the request part when the whole of it is wrong', () => {
    const error = thrownBy(() => parseInput(Application, { data: { email: 'a@b.co', phone: '1' }, extra: 1 }, 'query'));
    expect(error).toMatchObject({ field: 'query', message: 'query: Unrecognized key: "extra"' });
  });

  it('reports the first problem only', () => {
    const error = thrownBy(() => parseInput(Application, { data: { email: 'nope' } }, 'body'));
    expect(error).toMatchObject({ field: 'data.email' });
  });
});

describe('the 400 of bad input', () => {
  it('sends a RequestValidationError as { error, field }', async () => {
    const app = Fastify();
    app.get('/', async (_request, reply) =>
      sendInvalid(reply, new RequestValidationError('postcode', 'Please enter a valid postcode.')),
    );
    const response = await app.inject({ method: 'GET', url: '/' });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { error: 'Please enter a valid postcode.', field: 'postcode' },
    ]);
    await app.close();
  });

  it('answers a refusal made by hand with the field before its message', async () => {
    const app = Fastify();
    app.get('/', async (_request, reply) => fieldError(reply, 'car_id', 'no such car on this site'));
    const response = await app.inject({ method: 'GET', url: '/' });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { error: 'car_id: no such car on this site', field: 'car_id' },
    ]);
    await app.close();
  });
});
