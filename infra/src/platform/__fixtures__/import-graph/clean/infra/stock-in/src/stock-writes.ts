// Fixture: stock in, writing through the data layer.
import { stocknum } from '../../data/src/stock';

export const write = (value: string) => stocknum(value);
