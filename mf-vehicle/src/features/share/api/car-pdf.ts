import { apiFile } from '@forecourt/shared-config';

/** The car's brochure (`GET /api/cars/{slug}/pdf`), or null when it could not be made (logged). */
export async function fetchCarPdf(slug: string): Promise<Blob | null> {
  const result = await apiFile(`/api/cars/${encodeURIComponent(slug)}/pdf`);
  if (result.ok) return result.data;
  console.error(`[mf-vehicle] PDF download failed (${result.status || 'no answer'})`);
  return null;
}
