/** 'car' -> 'Car': the tenant's item noun at the start of a label. */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A tel: link target from a displayed number: '02 9000 0000' -> 'tel:0290000000'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}
