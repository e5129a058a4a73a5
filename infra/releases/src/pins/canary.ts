import { createHash, randomBytes } from 'node:crypto';

/**
 * The cookie that makes a canary sticky: a random id per browser, not tied to sign-in, so a
 * shopper keeps the version they were given across pages, visits and signing in or out.
 */
export const SHOPPER_COOKIE = 'fc_shopper';
/** A year: a canary runs days or weeks, and a shopper should not change version while it does. */
export const SHOPPER_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const SHOPPER_ID = /^[0-9a-f]{32}$/;

/** 128 random bits: unguessable and, across every shopper of every site, never repeated. */
export function newShopperId(): string {
  return randomBytes(16).toString('hex');
}

/** Only an id this server could have issued counts; anything else gets a new one. */
export function isShopperId(value: string | undefined): value is string {
  return value !== undefined && SHOPPER_ID.test(value);
}

/**
 * The shopper's bucket, 0-99, for one tenant and remote. Hashing with the tenant and remote makes
 * the buckets of two canaries independent, so the same shoppers are not always the ones trying
 * every new build; 32 bits modulo 100 is uneven by less than one in forty million.
 */
export function canaryBucket(shopperId: string, tenant: string, team: string): number {
  const digest = createHash('sha256').update(`${tenant}\n${team}\n${shopperId}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/** Whether this shopper gets the canary: the buckets below its percent do. */
export function servesCanary(shopperId: string, canary: { tenant: string; team: string; percent: number }): boolean {
  return canaryBucket(shopperId, canary.tenant, canary.team) < canary.percent;
}
