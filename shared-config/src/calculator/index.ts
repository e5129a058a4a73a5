/** The finance calculator's rules, shared by every figure a site shows (mf-finance's calculator draws them). */
export * from './advertised';
export * from './provider-rules';
export * from './ranges';
