import { sameSitePath } from './safe-redirect';

const SITE = 'https://harbourside-motors.example.com.au';

describe('sameSitePath', () => {
  it('keeps a path on this site with its query', () => {
    expect(sameSitePath('/cars/2021-toyota-hilux?tab=finance', SITE)).toBe('/cars/2021-toyota-hilux?tab=finance');
  });

  it('refuses an absolute URL, even to this site', () => {
    expect(sameSitePath('https://evil.example/', SITE)).toBeNull();
    expect(sameSitePath(`${SITE}/cars`, SITE)).toBeNull();
  });

  it('refuses a protocol-relative path and a backslash host', () => {
    expect(sameSitePath('//evil.example/', SITE)).toBeNull();
    expect(sameSitePath('/\\evil.example', SITE)).toBeNull();
  });

  it('refuses a tab, a line break or NUL, which a browser would drop or choke on', () => {
    for (const raw of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\0/evil.example',
      '/cars\r\nSet-Cookie: x=1',
    ])
      expect(sameSitePath(raw, SITE)).toBeNull();
  });

  it('refuses a path that becomes protocol-relative once dot segments are resolved', () => {
    expect(sameSitePath('/.//evil.example', SITE)).toBeNull();
    expect(sameSitePath('/x/..//evil.example', SITE)).toBeNull();
  });

  it('gives the normalised path, safe to send as a header', () => {
    expect(sameSitePath('/cars/a b/../ute?q=ü', SITE)).toBe('/cars/ute?q=%C3%BC');
  });

  it('refuses anything that is not a string, is empty or is too long', () => {
    for (const raw of [undefined, null, 42, ['/cars'], '', 'cars', `/${'a'.repeat(2048)}`])
      expect(sameSitePath(raw, SITE)).toBeNull();
  });
});
