// Fixture: the CLI, the top of the platform.
export const help = 'usage: forecourt <command>';
