/** Set by the shared webpack factory (DefinePlugin); jest tests define them in their setup. */
declare const __FORECOURT_TEAM__: string;
declare const __FORECOURT_VERSION__: string;
declare const __FORECOURT_FAULT__: string;

/** A stylesheet, imported as its text (the shared webpack factory's asset/source rule for .css). */
declare module '*.css' {
  const text: string;
  export default text;
}
