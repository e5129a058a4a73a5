import { staleBuildNotice } from './stale-builds';

describe('staleBuildNotice', () => {
  it('says nothing when the site serves the checkout', () => {
    expect(staleBuildNotice([])).toEqual([]);
  });

  it('names each stale team with the command that fixes it, in a block of its own', () => {
    const notice = staleBuildNotice([
      { kind: 'differs', team: 'mf-leads', version: '1.0.0' },
      { kind: 'build-failed', team: 'mf-finance' },
    ]);
    expect(notice[0]).toMatch(/^=+$/);
    expect(notice.at(-1)).toMatch(/^=+$/);
    expect(notice).toContain(
      "mf-leads: the checkout's build of 1.0.0 differs from the published 1.0.0, which is served (versions are immutable).",
    );
    expect(notice).toContain('  fix: npm run release:stamp -- mf-leads   then npm start again');
    expect(notice).toContain('mf-finance: the build failed; the last published build is served.');
    expect(notice).toContain(
      '  fix: npm run build -w @forecourt/mf-finance shows the errors; correct them, then npm start again',
    );
  });

  it('gives one pin command per tenant on an older version, quoting the platform default', () => {
    const notice = staleBuildNotice([
      { kind: 'pinned-older', team: 'shell', version: '1.0.1', tenants: [{ tenant: '*', version: '1.0.0' }] },
      {
        kind: 'pinned-older',
        team: 'mf-search',
        version: '1.1.1',
        tenants: [
          { tenant: 'harbourside-motors', version: '1.1.0' },
          { tenant: 'coastal-caravans', version: '1.0.0' },
        ],
      },
    ]);
    expect(notice).toContain("  fix: npm run forecourt -- pin '*' shell 1.0.1");
    expect(notice).toContain(
      'mf-search: the checkout is 1.1.1, but harbourside-motors runs 1.1.0, coastal-caravans runs 1.0.0.',
    );
    expect(notice).toContain('  fix: npm run forecourt -- pin harbourside-motors mf-search 1.1.1');
    expect(notice).toContain('  fix: npm run forecourt -- pin coastal-caravans mf-search 1.1.1');
  });

  it('says why a build was not published', () => {
    const notice = staleBuildNotice([
      { kind: 'not-published', team: 'mf-vehicle', version: '1.0.1', reason: 'the contract gate refused it' },
    ]);
    expect(notice).toContain(
      "mf-vehicle: the checkout's 1.0.1 was not published (the contract gate refused it); an older build is served.",
    );
  });
});
