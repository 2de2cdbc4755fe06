// Run by `pnpm install` (the root's postinstall): makes node_modules/.bin/node a symbolic link to the Node 24
// binary of the optional dependency node-<platform>-<arch>, in place of the launcher script pnpm writes there.
// That launcher runs the binary as a child of /bin/sh, which a terminal's Ctrl-C kills as well, so `pnpm mock`
// would end with "ELIFECYCLE Command failed" whatever the server did. With a link, `node` is the binary itself. Without such a package (only the Linux ones are dependencies: npm has no
// Node 24.21 for macOS) the scripts run on the machine's Node, and this says so.
import { existsSync, rmSync, symlinkSync } from "node:fs";
import { fileURLToPath } from "node:url";

const modules = fileURLToPath(new URL("../node_modules/", import.meta.url));
const pkg = `node-${process.platform}-${process.arch}`;
const binary = `${modules}${pkg}/bin/node`;
const link = `${modules}.bin/node`;

if (existsSync(binary)) {
  rmSync(link, { force: true });
  symlinkSync(`../${pkg}/bin/node`, link);
} else {
  console.log(`link-node: no ${pkg} installed; the scripts run on this machine's Node ${process.version}`);
}
