/**
 * Exposed in place of every fragment (every exposed module but `./app`) of a build made with
 * FORECOURT_FAULT=fragment, and in no other build: a fragment that throws as soon as it is
 * rendered, so the publish gate's refusal of a fragment that does not mount can be proven.
 */
export default function FaultyFragment(): never {
  throw new Error(`${__FORECOURT_TEAM__}@${__FORECOURT_VERSION__}: injected fragment fault`);
}
