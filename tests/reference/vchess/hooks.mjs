// Node module hooks for generate.mjs: resolve vchess's `@/...` imports under the vchess source
// directory given to initialize(), and load its .js files as ES modules (its package.json does
// not say so: the website is built by webpack).
import { pathToFileURL } from "node:url";

let src = null;

export async function initialize(data) {
  src = pathToFileURL(data.src.endsWith("/") ? data.src : data.src + "/").href;
}

export async function resolve(specifier, context, next) {
  if (specifier.startsWith("@/")) {
    let rest = specifier.slice(2);
    if (!rest.endsWith(".js")) rest += ".js";
    return { url: new URL(rest, src).href, shortCircuit: true, format: "module" };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url.startsWith(src) && url.endsWith(".js")) {
    return next(url, { ...context, format: "module" });
  }
  return next(url, context);
}
