// Fixture: a tool (a drill), which may use the test kit.
import { kit } from '../../src/testing/kit';

export const drill = kit;
