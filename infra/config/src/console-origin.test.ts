import { loadConfig } from './load';
import { consoleOrigin } from './console-origin';

describe("the console's origin", () => {
  it("is console.localhost on the server's port unless configured", () => {
    expect(consoleOrigin(loadConfig({ PORT: '8123' }))).toBe('http://console.localhost:8123');
  });

  it('is FORECOURT_CONSOLE_ORIGIN when set', () => {
    expect(consoleOrigin(loadConfig({ PORT: '8123', FORECOURT_CONSOLE_ORIGIN: 'https://console.example.com' }))).toBe(
      'https://console.example.com',
    );
  });
});
