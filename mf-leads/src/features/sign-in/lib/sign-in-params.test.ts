import { readSignInRequest } from './sign-in-params';

describe('readSignInRequest', () => {
  it('explains a watchlist sign-in with the item noun', () => {
    expect(readSignInRequest(new URLSearchParams('type=watchlist'), 'caravan').reason).toBe(
      'Sign in to save caravans to your watchlist.',
    );
  });

  it('does not repeat an unknown type', () => {
    expect(readSignInRequest(new URLSearchParams('type=Call%201900%20000%20000')).reason).toBe(
      'Sign in with your mobile number.',
    );
  });

  it('ignores inherited object keys as types', () => {
    expect(readSignInRequest(new URLSearchParams('type=constructor')).reason).toBe('Sign in with your mobile number.');
  });

  it('keeps a local redirect', () => {
    expect(readSignInRequest(new URLSearchParams('type=watchlist&redirect=%2Fcars%2Fabc')).redirect).toBe('/cars/abc');
  });

  it('drops a redirect to another site', () => {
    expect(readSignInRequest(new URLSearchParams('redirect=https%3A%2F%2Fevil.example')).redirect).toBeNull();
  });

  it('drops a redirect or back path that a browser resolves to another site', () => {
    const request = readSignInRequest(
      new URLSearchParams('redirect=%2F.%2F%2Fevil.example&back=%2F%09%2Fevil.example'),
      'car',
      'https://harbourside-motors.example.com.au',
    );
    expect({ redirect: request.redirect, back: request.back }).toEqual({ redirect: null, back: null });
  });
});
