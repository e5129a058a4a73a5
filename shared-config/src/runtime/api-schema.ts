/**
 * What the browser writes the shape of an API answer with (`zm.object({ cars: zm.array(...) })`):
 * zod's small build (`zod/mini`), the part of it answers need, exported from the package root
 * as `zm`. Here rather than imported by each team: shared-config is the page's one shared copy,
 * so the page carries this once (about 7 KB as sent) however many teams read the API, where an
 * import of zod in each team's build would put a copy in every remote the page loads. Full zod
 * (chained methods, forms' messages) stays where it is: forms, the server and tests.
 *
 * A schema is written once at module level, never in a render: the reads remember what they
 * parsed per schema object.
 */
export {
  array,
  boolean,
  enum,
  extend,
  literal,
  looseObject,
  nullable,
  number,
  object,
  optional,
  partialRecord,
  record,
  string,
  union,
} from 'zod/mini';
export type { output } from 'zod/mini';
