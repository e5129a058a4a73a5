import { withAttempts } from './indexer';

describe('a failed indexing request', () => {
  it('says how each attempt failed, which the client’s Unreachable hosts does not', () => {
    // The shape of the client's RetryError: its message and the attempts it kept.
    const error = Object.assign(new Error('Unreachable hosts - your application id may be incorrect.'), {
      stackTrace: [
        { triesLeft: 1, response: { status: 503, content: '{"message":"busy"}', isTimedOut: false } },
        { triesLeft: 0, response: { status: 0, content: '', isTimedOut: true } },
      ],
    });
    const explained = withAttempts(error) as Error;
    expect(explained.message).toMatch(
      /^Unreachable hosts.*\[attempt 1: status 503 \(\{"message":"busy"\}\); attempt 2: timed out\]$/,
    );
    expect(explained.cause).toBe(error);
  });

  it('leaves any other error as it is', () => {
    const other = new TypeError('no');
    expect(withAttempts(other)).toBe(other);
  });
});
