import { isInStock, type CarHit } from './hit';

/**
 * Whether a card offers the save / favourite / compare control. Spec (search-and-vehicle §4):
 * hidden when the car is not in stock; on some sites also when it is not used, priced at 0 or
 * less, or has no images (the site's `search.saveUsedPricedWithImagesOnly`).
 */
export function canSave(car: Pick<CarHit, 'status' | 'car_type' | 'price' | 'primary_image_url'>, usedPricedWithImagesOnly: boolean): boolean {
  if (!isInStock(car.status)) return false;
  if (!usedPricedWithImagesOnly) return true;
  return car.car_type === 'used' && car.price > 0 && Boolean(car.primary_image_url);
}
