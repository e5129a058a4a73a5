import type { Car } from '../../../server/car';

export const deepCarId = (car: Car) => car.id;
