import { BOOT_DATA_ELEMENT_ID, readBootData } from './boot';

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.id = BOOT_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = json;
  doc.head.appendChild(script);
  return doc;
}

const minimal = {
  tenant: { slug: 'test-motors', name: 'Test Motors' },
  remotes: [
    {
      team: 'mf-search',
      name: 'mf_search',
      version: '1.0.0',
      entry: '/registry/mf-search/1.0.0/remoteEntry.js',
      routes: ['/'],
    },
  ],
  shellVersion: '1.0.0',
};

describe('readBootData', () => {
  it('reads the remotes the page runs', () => {
    expect(readBootData(pageWith(JSON.stringify(minimal))).remotes[0]?.entry).toBe(
      '/registry/mf-search/1.0.0/remoteEntry.js',
    );
  });

  it('keeps fields a newer server added, so an older shell still boots', () => {
    const boot = readBootData(pageWith(JSON.stringify({ ...minimal, experiments: { newThing: true } })));
    expect(boot).toHaveProperty('experiments.newThing', true);
  });

  it('refuses a page without remotes', () => {
    expect(() => readBootData(pageWith(JSON.stringify({ ...minimal, remotes: undefined })))).toThrow(
      /lacks tenant, remotes or shellVersion/,
    );
  });

  it('refuses a page without boot data', () => {
    expect(() => readBootData(document.implementation.createHTMLDocument('empty'))).toThrow(/missing/);
  });
});
