import { second } from './second';

export const first = (): string => `first, then ${second.name}`;
