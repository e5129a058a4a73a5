// A remote is used through its container (remoteEntry.js); this entry exists only because
// webpack needs one. It loads nothing else so the remote has no side effects when built alone.
export {};
