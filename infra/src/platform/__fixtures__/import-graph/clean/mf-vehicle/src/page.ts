import type { Car } from './contract';

export const title = (car: Car) => `Car ${car.id}`;
