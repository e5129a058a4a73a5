/**
 * The browser's passkey API for a component test: jsdom has no WebAuthn, so a test says what the
 * person's authenticator answers (`navigator.credentials.get` and `.create`). Everything the
 * console does around it (asking the server for options, turning the answer into JSON, sending
 * it) runs as in a browser; the real ceremony is proven in Chromium by e2e/tests/console.spec.ts.
 */

const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;

/** What an authenticator answers to `get` (an assertion), with fixed bytes a test can recognise. */
export function assertion(): unknown {
  return {
    id: 'Y3JlZA',
    rawId: bytes('cred'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      authenticatorData: bytes('auth'),
      clientDataJSON: bytes('client'),
      signature: bytes('sig'),
      userHandle: bytes('user'),
    },
    getClientExtensionResults: () => ({}),
  };
}

/** What an authenticator answers to `create` (a new passkey). */
export function attestation(): unknown {
  return {
    id: 'Y3JlZA',
    rawId: bytes('cred'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      attestationObject: bytes('attest'),
      clientDataJSON: bytes('client'),
      getTransports: () => ['internal'],
      getPublicKey: () => null,
      getPublicKeyAlgorithm: () => -7,
      getAuthenticatorData: () => bytes('auth'),
    },
    getClientExtensionResults: () => ({}),
  };
}

export interface BrowserPasskeys {
  get: jest.Mock;
  create: jest.Mock;
}

/** Installs the passkey API for this test file; `get` and `create` answer as each test sets them. */
export function installBrowserPasskeys(): BrowserPasskeys {
  const passkeys: BrowserPasskeys = { get: jest.fn(), create: jest.fn() };
  beforeAll(() => {
    Object.defineProperty(window, 'PublicKeyCredential', {
      value: function PublicKeyCredential() {},
      configurable: true,
    });
    Object.defineProperty(navigator, 'credentials', { value: passkeys, configurable: true });
  });
  afterEach(() => {
    passkeys.get.mockReset();
    passkeys.create.mockReset();
  });
  return passkeys;
}
