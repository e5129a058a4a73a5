// Fixture: a test kit.
export const kit = 1;
