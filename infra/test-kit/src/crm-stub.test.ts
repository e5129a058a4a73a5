import http from 'node:http';
import { WebhookCrm, type OutgoingLead } from '@forecourt/domain/leads/crm';
import { startCrmStub, type RunningCrmStub } from './crm-stub';

/** The CRM stub the cluster and the CRM outage drill deliver to, over real HTTP from the platform's own webhook sender. */
let stub: RunningCrmStub;

beforeEach(async () => {
  stub = await startCrmStub();
});
afterEach(async () => {
  await stub.close();
});

const lead = (id: string): OutgoingLead => ({
  id,
  tenant: 'harbourside-motors',
  form: 'enquiry',
  payload: { userData: { name: 'Jo' } },
  createdAt: new Date(),
});

it('takes a lead the platform signs with its secret and counts it by its lead id', async () => {
  await new WebhookCrm(stub.url, stub.secret).deliver(lead('lead-1'));
  expect([...stub.received]).toEqual([['lead-1', 1]]);
});

it('counts a lead sent twice as twice', async () => {
  const crm = new WebhookCrm(stub.url, stub.secret);
  await crm.deliver(lead('lead-1'));
  await crm.deliver(lead('lead-1'));
  expect(stub.received.get('lead-1')).toBe(2);
});

it('refuses a lead signed with another secret (401) and does not count it', async () => {
  await expect(new WebhookCrm(stub.url, 'not-the-secret').deliver(lead('lead-1'))).rejects.toThrow(
    'CRM webhook answered 401',
  );
  expect(stub.received.size).toBe(0);
  expect(stub.refused).toBe(1);
});

it('refuses a delivery whose Idempotency-Key is not its lead id (400)', async () => {
  const response = await fetch(stub.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'lead-2' },
    body: JSON.stringify({ lead_id: 'lead-1' }),
  });
  expect(response.status).toBe(400);
  expect(stub.received.size).toBe(0);
});

it('while down, a delivery finds no CRM at all; back up, the same address takes it', async () => {
  const crm = new WebhookCrm(stub.url, stub.secret);
  await crm.deliver(lead('before'));
  await stub.down();
  expect(stub.isUp).toBe(false);
  await expect(crm.deliver(lead('during'))).rejects.toThrow(
    /^CRM webhook unreachable: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
  );
  await stub.up();
  await crm.deliver(lead('during'));
  expect([...stub.received.keys()]).toEqual(['before', 'during']);
});

it('going down cuts a delivery in progress rather than waiting for it', async () => {
  const { port } = new URL(stub.url);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/leads',
    headers: { 'content-type': 'application/json', 'content-length': '1000' },
  });
  const outcome = new Promise<string>((resolve) => {
    request.on('response', (response) => resolve(`answered ${response.statusCode}`));
    request.on('error', () => resolve('cut'));
  });
  // Half a body: the stub is still reading it when it goes down.
  request.write('{"lead_id":');
  await new Promise((resolve) => request.once('socket', (socket) => socket.once('connect', resolve)));
  await stub.down();
  expect(await outcome).toBe('cut');
});
