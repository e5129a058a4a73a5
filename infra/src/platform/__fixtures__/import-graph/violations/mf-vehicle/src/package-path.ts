// The workspace link: @forecourt/infra is this repository's infra folder, so this is the file
// beside src/, reached by package name.
import type { Car } from '@forecourt/infra/src/platform/__fixtures__/import-graph/violations/mf-vehicle/server/car';

export const packageCarId = (car: Car) => car.id;
