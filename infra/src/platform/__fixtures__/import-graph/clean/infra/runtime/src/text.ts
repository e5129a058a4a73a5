// Fixture: the runtime layer, importing nothing of ours.
export const wellFormed = (value: string) => !value.includes('\0');
