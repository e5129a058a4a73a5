// Fixture: product code importing a test kit and a tool.
import { drill } from '../tools/src/drill';
import { kit } from './testing/kit';

export const product = drill + kit;
