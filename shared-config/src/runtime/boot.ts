import type { BootData } from './manifest';

/**
 * The browser side of the boot data, kept free of the zod schemas (which stay on the server and
 * in tests) so no page downloads a validation library to read JSON its own server wrote.
 */
/** The id of the `<script type="application/json">` element holding the boot data. */
export const BOOT_DATA_ELEMENT_ID = 'forecourt-boot';

/**
 * Reads the boot data the server inlined into this page. The server's output is checked against
 * the strict BootDataSchema in its own tests; here only what the shell cannot boot without is
 * checked, and fields this shell does not know are kept, so a shell pinned to an older version
 * keeps working when a newer server adds to the boot data.
 */
export function readBootData(doc: Document = document): BootData {
  const element = doc.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element?.textContent) throw new Error(`Boot data element #${BOOT_DATA_ELEMENT_ID} is missing`);
  const data = JSON.parse(element.textContent) as Partial<BootData>;
  const remotesOk =
    Array.isArray(data.remotes) &&
    data.remotes.every((r) => typeof r?.name === 'string' && typeof r.entry === 'string' && Array.isArray(r.routes));
  if (typeof data.tenant?.slug !== 'string' || !remotesOk || typeof data.shellVersion !== 'string') {
    throw new Error(`Boot data in #${BOOT_DATA_ELEMENT_ID} lacks tenant, remotes or shellVersion`);
  }
  return data as BootData;
}
