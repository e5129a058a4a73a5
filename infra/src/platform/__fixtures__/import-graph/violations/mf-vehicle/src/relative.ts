import type { Car } from '../server/car';

export const carId = (car: Car) => car.id;
