import type { Car } from '../../mf-vehicle/src/contract';
import { head } from '../../mf-vehicle/server';

export const mount = (car: Car) => head(car);
