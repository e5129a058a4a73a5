import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { BuildStorageUnavailableError, type BuildStorage } from './build-storage';

/** An S3-compatible bucket holding the registry (see "Published builds: object storage" in docs/deploy.md). */
export interface ObjectStorageSettings {
  bucket: string;
  /** The service's address; unset means the SDK's own address for the region. */
  endpoint?: string | undefined;
  region: string;
  /** Unset: the SDK finds credentials itself (its environment variables, the machine's role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}`: what most self-hosted services need. */
  forcePathStyle: boolean;
  /** How long to wait to connect and for a whole answer (default 2 s and 5 s; tests shorten them). */
  timeoutsMs?: { connect: number; request: number };
}

/**
 * A page waits on these reads only when its build is not in this instance's cache. Bounded, so an
 * unreachable bucket costs a few seconds and an error the shell's failure policy handles, instead
 * of a request that hangs; one retry covers a dropped connection.
 */
const DEFAULT_TIMEOUTS_MS = { connect: 2_000, request: 5_000 };
const MAX_ATTEMPTS = 2;

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

export class ObjectStorage implements BuildStorage {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly settings: ObjectStorageSettings) {
    this.description = `the bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
    const timeouts = settings.timeoutsMs ?? DEFAULT_TIMEOUTS_MS;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      maxAttempts: MAX_ATTEMPTS,
      requestHandler: {
        connectionTimeout: timeouts.connect,
        requestTimeout: timeouts.request,
        // Without it an answer that never comes is only logged, and the request waits on.
        throwOnRequestTimeout: true,
      },
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, body: Buffer, options: { contentType?: string; ifAbsent?: boolean } = {}): Promise<boolean> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: body,
          ...(options.contentType ? { ContentType: options.contentType } : {}),
          // A conditional write: the service refuses it (412) when the key exists.
          ...(options.ifAbsent ? { IfNoneMatch: '*' } : {}),
        }),
      );
      return true;
    } catch (error) {
      if (options.ifAbsent && (statusOf(error) === 412 || statusOf(error) === 409)) return false;
      throw new BuildStorageUnavailableError(this.description, error);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!answer.Body) return Buffer.alloc(0);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw new BuildStorageUnavailableError(this.description, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw new BuildStorageUnavailableError(this.description, error);
    }
  }

  async list(prefix: string): Promise<string[]> {
    const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.settings.bucket,
            Prefix: folder,
            Delimiter: '/',
            ...(token ? { ContinuationToken: token } : {}),
          }),
        )
        .catch((error: unknown) => {
          throw new BuildStorageUnavailableError(this.description, error);
        });
      for (const common of page.CommonPrefixes ?? [])
        if (common.Prefix) names.push(common.Prefix.slice(folder.length, -1));
      for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key.slice(folder.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  async delete(key: string): Promise<void> {
    try {
      // S3 answers a key that is not there as it answers one it removed.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    } catch (error) {
      if (statusOf(error) === 404) return;
      throw new BuildStorageUnavailableError(this.description, error);
    }
  }

  /** Closes the client's kept-alive connections (tests, and a server shutting down). */
  close(): void {
    this.client.destroy();
  }
}
