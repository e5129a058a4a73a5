import type { Database } from '@forecourt/data/database';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';
import { DEFAULT_IDENTITY_SETTINGS, IdentityService } from './identity-service';
import type { SmsGateway } from './sms-gateway';

/** A gateway that keeps what it was asked to send. */
class SentMessages implements SmsGateway {
  readonly kind = 'outbox';
  readonly sent: Array<{ to: string; body: string }> = [];
  async send(message: { tenant: string; to: string; body: string }): Promise<void> {
    this.sent.push({ to: message.to, body: message.body });
  }
}

describe.each(testEngines())('one-time codes on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  const service = (sms: SmsGateway, sendsPerPhonePerHour = 5) =>
    new IdentityService(
      database.db,
      { current: 'identity-secret-0123456789', previous: undefined },
      sms,
      () => new Date(),
      { ...DEFAULT_IDENTITY_SETTINGS, sendsPerPhonePerHour },
    );
  const send = (identity: IdentityService, phone: string) =>
    identity.sendCode({
      tenant: 'harbourside-motors',
      siteName: 'Harbourside Motors',
      phone,
      details: {},
      clientAddress: null,
    });

  it('sends exactly the per-phone limit when 20 sends for one phone come at once', async () => {
    const sms = new SentMessages();
    // Two services on one database stand for two instances.
    const [one, two] = [service(sms), service(sms)];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i % 2 ? one : two, '0412555001')));
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect(sms.sent).toHaveLength(5);
  });

  it('takes its per-phone limit from its settings', async () => {
    const sms = new SentMessages();
    const identity = service(sms, 2);
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await send(identity, '0412555002')).ok);
    expect(results).toEqual([true, true, false]);
  });
});
