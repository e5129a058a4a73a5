import { carId } from '../../mf-vehicle/src/relative';

export const uiCarId = carId;
