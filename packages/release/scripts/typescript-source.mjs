// Lets Node run the package's TypeScript source as it is (type stripping): the source imports its siblings as
// `./x.js` (as the compiled package does), so those resolve to `./x.ts` when no `.js` is there.
// A namespace import: on a Node without `registerHooks` this module still loads, and its caller says why not.
import * as nodeModule from "node:module";

export function resolveTypeScriptSiblings() {
  nodeModule.registerHooks({
    resolve(specifier, context, next) {
      if (specifier.startsWith(".") && specifier.endsWith(".js") && context.parentURL?.endsWith(".ts")) {
        try {
          return next(`${specifier.slice(0, -3)}.ts`, context);
        } catch {}
      }
      return next(specifier, context);
    },
  });
}
