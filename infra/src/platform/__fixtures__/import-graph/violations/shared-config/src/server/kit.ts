// Fixture: shared-config's server kit (Node only).
export const kit = 'server';
