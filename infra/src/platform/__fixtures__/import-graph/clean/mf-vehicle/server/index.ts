import type { Car } from '../src/contract';
import { title } from '../src/page';

export const head = (car: Car) => ({ title: title(car) });
