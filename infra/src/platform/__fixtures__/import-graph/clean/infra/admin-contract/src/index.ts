// Fixture: the admin API's contract, its entry (the file its package name resolves to).
export interface Overview {
  window: 'hour' | 'day';
}
