// The install stamp of a tool folder (tools/conformance, tools/python): the sha256 of the file its
// install is made from (a lockfile, a requirements list), written only after the install succeeded,
// so the root `npm ci` reinstalls a tool only when that file changed or the last install failed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** `source`: the file the install is made from; `stampFile`: where its hash is kept once installed. */
export function installStamp(source, stampFile) {
  const wanted = `${createHash('sha256').update(readFileSync(source)).digest('hex')}\n`;
  return {
    /** The last install was made from this very file. */
    current: () => existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted,
    /** Records a finished install. */
    write: () => writeFileSync(stampFile, wanted),
  };
}
