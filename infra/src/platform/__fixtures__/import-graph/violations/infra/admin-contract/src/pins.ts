export const pinText = (version: string) => `pinned ${version}`;
