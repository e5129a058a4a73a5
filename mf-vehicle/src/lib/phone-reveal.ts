/**
 * Phone reveal on the vehicle page (spec: 'masked (first 5 characters shown, remaining digits
 * replaced by stars) to revealed on click, which triggers a reveal-tracking call'; analytics event
 * 25 with the label 'New Car' or 'Used Car').
 */
export const MASK_SHOWN_CHARACTERS = 5;
/** Spec analytics id: phone click. */
export const PHONE_CLICK_EVENT = 25;

/** '(02) 9555 0142' -> '(02) **** ****': the first 5 characters as they are, every later digit a star. */
export function maskPhone(phone: string): string {
  return phone.slice(0, MASK_SHOWN_CHARACTERS) + phone.slice(MASK_SHOWN_CHARACTERS).replace(/\d/g, '*');
}

/** The event's label: 'New Car' for a new car, 'Used Car' for every other (a demonstrator has been driven). */
export function phoneClickLabel(carType: string): 'New Car' | 'Used Car' {
  return carType === 'new' ? 'New Car' : 'Used Car';
}
