// Fixture: product code importing a test kit and a tool.
import { drill } from './drills/drill';
import { kit } from './testing/kit';

export const product = drill + kit;
