/** The car a lead is about, from `?car_id=` (blank counts as none). */
export function readCarId(query: URLSearchParams): string | null {
  const id = query.get('car_id')?.trim();
  return id ? id : null;
}

/** One of this team's own lead pages, about a car when there is one. */
export function withCarId(path: string, carId?: string | null): string {
  const id = carId?.trim();
  if (!id) return path;
  return `${path}${path.includes('?') ? '&' : '?'}car_id=${encodeURIComponent(id)}`;
}
