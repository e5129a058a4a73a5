// Fixture: the data layer, importing the runtime layer below it.
import { wellFormed } from '../../runtime/src/text';

export const stocknum = (value: string) => (wellFormed(value) ? value : null);
