import {
  ApplyAnywayBody,
  CanaryBody,
  ErrorAnswer,
  FAILURE_KINDS,
  FailureCounts,
  NoContent,
  ScheduleBody,
  StockKey,
  Timestamp,
} from './index';

/** The contract describes JSON as the wire carries it; the server's routes are held to it by infra/server/src/admin-contract.test.ts. */
describe("the admin API's contract", () => {
  it('takes a moment as the ISO text the server writes, and nothing else', () => {
    expect(Timestamp.safeParse('2026-11-27T08:02:30.000Z').success).toBe(true);
    expect(Timestamp.safeParse(new Date('2026-11-27T08:02:30.000Z')).success).toBe(false);
    expect(Timestamp.safeParse('27/11/2026 08:02').success).toBe(false);
  });

  it('names the field at fault in an answer that is not what it describes', () => {
    const answer = StockKey.safeParse({
      id: 7,
      tenant: 'harbourside-motors',
      label: 'DMS',
      createdAt: 'yesterday',
      createdBy: 'Ada',
      revokedAt: null,
      lastUsedAt: null,
    });
    expect(answer.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['createdAt']);
  });

  it('reads a refusal with its field or what a stale change found, and a 204 as no body at all', () => {
    expect(ErrorAnswer.parse({ error: 'tenant: no tenant', field: 'tenant' })).toEqual({
      error: 'tenant: no tenant',
      field: 'tenant',
    });
    expect(ErrorAnswer.parse({ error: 'look again', current: null })).toEqual({ error: 'look again', current: null });
    expect(NoContent.safeParse(undefined).success).toBe(true);
    expect(NoContent.safeParse({}).success).toBe(false);
  });

  it('counts every kind of failure, and lists the kinds it counts', () => {
    expect(FAILURE_KINDS).toEqual(['entry', 'mount', 'render', 'fragment-timeout', 'fragment-error', 'other']);
    expect(FailureCounts.safeParse({ mount: 2 }).success).toBe(false);
  });

  it('checks a request body as the route does, in the words the route answers', () => {
    expect(
      CanaryBody.safeParse({ tenant: 'harbourside-motors', team: 'mf-search', version: '1.1.6', percent: 100 }).error
        ?.issues[0]?.path,
    ).toEqual(['percent']);
    expect(
      ScheduleBody.safeParse({ url: 'https://dms.example.com/feed.csv', format: 'meta-auto', interval_minutes: 5 })
        .error?.issues[0]?.message,
    ).toBe('at least 15');
    expect(ApplyAnywayBody.safeParse({}).error?.issues[0]?.message).toBe('is required: say why the feed is right');
    expect(ApplyAnywayBody.parse({ reason: '  the yard moved  ' })).toEqual({ reason: 'the yard moved' });
  });
});
