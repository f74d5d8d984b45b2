/**
 * Frames in an installed package's single-file bundle. A trace through `node_modules/prosemirror-view/dist/index.js`
 * prints every frame of the package at that one path, whatever module each function came from, and the path's
 * script twin (`src/index.js`, scriptPaths.ts) is then only a file of the same name: the frames' functions are
 * defined in `src/viewdesc.js` and `src/decoration.js`. A per-file build keeps its link: tsc's `dist/index.js`
 * prints frames whose functions `src/index.ts` defines.
 */

import type { FrameRecord } from './namedFrames';

/**
 * Path clues seen at frames running two or more different functions, with those functions: the clues that may be a
 * bundle's. EvidenceBoard#unlinkBundleTwins unlinks such a JavaScript clue from the files matched through a twin (not
 * ending with the quoted path) when a frame ran a function that no twin defines and another file does; the twins
 * keep what they define. A per-file build's frames run functions its twin defines, and keep the link.
 */
export function framesByPath(records: FrameRecord[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const { path, symbol } of records) {
    const functions = byPath.get(path) ?? [];
    if (!functions.includes(symbol)) functions.push(symbol);
    byPath.set(path, functions);
  }
  return new Map([...byPath].filter(([, functions]) => functions.length >= 2));
}
