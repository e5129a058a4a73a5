import { first } from './first';

export const second = (): string => `second, then ${first.name}`;
