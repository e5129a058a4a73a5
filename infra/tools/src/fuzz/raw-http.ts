import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One HTTP/1.1 exchange written byte for byte on a fresh socket. Node's own clients refuse to
 * send what an attacker sends (control bytes and unpaired escapes in the path, duplicate or
 * malformed headers), so the fuzz test writes the request itself; the server under test still
 * parses it with Node's real HTTP parser.
 */
export function rawRequest(
  port: number,
  request: Buffer,
  timeoutMs = 15_000,
  localAddress?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // `localAddress` (another address of the loopback network, 127.x.y.z) makes the request a
    // client of its own, so per-address limits do not answer it before it is read.
    const socket = net.connect({ host: '127.0.0.1', port, ...(localAddress ? { localAddress } : {}) });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    // Written without a half-close: a real client keeps its side open until the answer arrives.
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      // A server that answers and then resets the connection still answered.
      if (chunks.length) return;
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks);
      const end = raw.indexOf('\r\n\r\n');
      const head = raw.subarray(0, end === -1 ? raw.length : end).toString('latin1');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
      if (!Number.isInteger(status)) {
        reject(new Error(`no HTTP answer (got ${JSON.stringify(raw.subarray(0, 80).toString('latin1'))})`));
        return;
      }
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers, body: end === -1 ? Buffer.alloc(0) : raw.subarray(end + 4) });
    });
  });
}

let addressSeq = 0;
/**
 * A loopback address of its own for each request (127.x.y.z), so per-address limits answer none
 * of them before they are read. The server sees another machine: only 127.0.0.1 is its own.
 */
export function nextAddress(): string {
  addressSeq++;
  return `127.${1 + ((addressSeq >> 16) % 250)}.${(addressSeq >> 8) & 255}.${1 + (addressSeq % 250)}`;
}

export interface RequestParts {
  method: string;
  /** The request target exactly as it goes on the wire (path and query, already encoded or not). */
  target: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body?: Buffer;
}

/** Serialises a request; content-length is added for a body unless the headers set one. */
export function serialise(parts: RequestParts): Buffer {
  const lines = [`${parts.method} ${parts.target} HTTP/1.1`];
  for (const [name, value] of parts.headers) lines.push(`${name}: ${value}`);
  const hasLength = parts.headers.some(
    ([name]) => name.toLowerCase() === 'content-length' || name.toLowerCase() === 'transfer-encoding',
  );
  if (parts.body && !hasLength) lines.push(`content-length: ${parts.body.length}`);
  lines.push('connection: close', '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'utf8'), parts.body ?? Buffer.alloc(0)]);
}
