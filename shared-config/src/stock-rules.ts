/**
 * Rules about a stock item that several teams apply (the result card in mf-search, the vehicle
 * page in mf-vehicle), written once.
 */

/** Spec (search-and-vehicle §4): in_stock and coming_soon count as in stock; every other status does not. */
export function isInStock(status: string): boolean {
  return status === 'in_stock' || status === 'coming_soon';
}

export interface SavableCar {
  status: string;
  car_type: string;
  price: number;
  /** The car's main picture, or null/'' when it has none. */
  primary_image_url: string | null | undefined;
}

/**
 * Whether a car offers the save / favourite / compare controls. Spec (search-and-vehicle §4):
 * hidden when the car is not in stock; on some sites (`search.saveUsedPricedWithImagesOnly`)
 * also when it is not used, priced at 0 or less, or has no images.
 */
export function canSave(car: SavableCar, usedPricedWithImagesOnly: boolean): boolean {
  if (!isInStock(car.status)) return false;
  if (!usedPricedWithImagesOnly) return true;
  return car.car_type === 'used' && car.price > 0 && Boolean(car.primary_image_url);
}

/** Spec (§4): a sold car cannot be saved to the watchlist unless it is saved already (then it can be removed). */
export function watchlistToggleShown(status: string, alreadySaved: boolean): boolean {
  return isInStock(status) || alreadySaved;
}
