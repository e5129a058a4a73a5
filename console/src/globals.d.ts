/** A stylesheet, imported as its text (webpack's asset/source rule for .css in webpack.config.js). */
declare module '*.css' {
  const text: string;
  export default text;
}
