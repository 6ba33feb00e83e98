// Builds Studio (web/) into OUT (make web): OUT/index.html is one self-contained page — the
// stylesheet, every module and beztune.wasm (base64) inline — that works opened from disk or
// from any static host; OUT/studio/ holds the same page as separate files (web/'s modules,
// beztune.mjs, beztune.wasm) for development.
//
//     node scripts/build-web.mjs WASM_DIR OUT
//
// WASM_DIR holds beztune.wasm and beztune.mjs (make wasm's out/wasm). Nothing is downloaded.
// The modules are joined without a bundler: each becomes an async function run in dependency
// order inside one module script, its imports read from the results of the modules before it,
// so their top-level names never meet.

import { readFile, writeFile, mkdir, copyFile, readdir, rm, rename } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [wasmDir, out] = process.argv.slice(2);
if (!wasmDir || !out) {
    console.error("usage: node scripts/build-web.mjs WASM_DIR OUT");
    process.exit(2);
}
const webDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "web");

/** The text of a module: web/'s own, or beztune.mjs from WASM_DIR. */
async function moduleText(name) {
    return readFile(name === "beztune.mjs" ? path.join(wasmDir, name) : path.join(webDir, name), "utf8");
}

const IMPORT = /^import\s+([^;]*?)\s+from\s+"\.\/([^"]+)";[ \t]*$/gm;
const EXPORT = /^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)/gm;

/** The modules reachable from `entry`, each after the modules it imports. */
async function ordered(entry) {
    const done = new Map();
    const visiting = new Set();
    async function visit(name) {
        if (done.has(name)) return;
        if (visiting.has(name)) throw new Error(`build-web: import cycle through ${name}`);
        visiting.add(name);
        const text = await moduleText(name);
        for (const match of text.matchAll(IMPORT)) await visit(match[2]);
        visiting.delete(name);
        done.set(name, text);
    }
    await visit(entry);
    return done;
}

/** One module as an async function returning its exports; imports become reads of the modules
 *  run before it (`import * as X` the whole export object, `import { a, b as c }` its members). */
function wrapped(name, text, index) {
    const exports = [...text.matchAll(EXPORT)].map((m) => m[1]);
    let body = text.replace(IMPORT, (_, clause, from) => {
        const source = `__modules[${JSON.stringify(from)}]`;
        const star = /^\*\s+as\s+([A-Za-z_$][\w$]*)$/.exec(clause.trim());
        if (star) return `const ${star[1]} = ${source};`;
        const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
        if (!named) throw new Error(`build-web: ${name}: an import this build does not join: import ${clause}`);
        const members = named[1].split(",").map((s) => s.trim()).filter(Boolean).map((s) => s.replace(/\s+as\s+/, ": "));
        return `const { ${members.join(", ")} } = ${source};`;
    });
    body = body.replace(/^export\s+(?=(?:async\s+)?(?:function|const|let|class)\b)/gm, "");
    // Whatever import or export is left is a form this build does not join: refused here rather
    // than a syntax error in the page.
    const left = /^\s*(import|export)\b(?!\s*\()/m.exec(body);
    if (left) throw new Error(`build-web: ${name}: an ${left[1]} this build does not join: ${body.slice(left.index).split("\n")[0].trim()}`);
    if (/^export\s+(?:const|let)\s+[^=]+=[^;]*,\s*[A-Za-z_$][\w$]*\s*=/m.test(text)) {
        throw new Error(`build-web: ${name}: one export declaring several names; declare one per line`);
    }
    return `// ${name}\n__modules[${JSON.stringify(name)}] = Object.freeze(await (async () => {\n${body}\nreturn { ${exports.join(", ")} };\n})());\n`;
}

/** The inline form of script text: `</script` and `<!--` may not appear inside a script
 *  element (the second would turn the parser's script states); `<\/` and `<\!` read the same in
 *  JavaScript strings and are inert in comments. */
function scriptSafe(text) {
    return text.replace(/<\/script/gi, "<\\/script").replace(/<!--/g, "<\\!--");
}

const modules = await ordered("studio.mjs");
const bundle = "const __modules = {};\n" + [...modules].map(([name, text], i) => wrapped(name, text, i)).join("\n");
const html = await readFile(path.join(webDir, "index.html"), "utf8");
const css = await readFile(path.join(webDir, "studio.css"), "utf8");
const wasm = await readFile(path.join(wasmDir, "beztune.wasm"));
const base64 = wasm.toString("base64").replace(/.{1,120}/g, "$&\n");

const linkTag = '<link rel="stylesheet" href="studio.css">';
const moduleTag = '<script type="module" src="studio.mjs"></script>';
if (!html.includes(linkTag) || !html.includes(moduleTag)) throw new Error("build-web: web/index.html lost its stylesheet or module tag");
const single = html
    .replace(linkTag, () => `<style>\n${css}</style>`)
    .replace(moduleTag, () => `<script type="application/wasm" id="beztune-wasm">\n${base64}</script>\n<script type="module">\n${scriptSafe(bundle)}</script>`);

// Written into a fresh folder beside OUT, then moved into place: a failed build leaves OUT as it was.
const staging = `${out}.partial`;
await rm(staging, { recursive: true, force: true });
await mkdir(path.join(staging, "studio"), { recursive: true });
await writeFile(path.join(staging, "index.html"), single);
for (const file of await readdir(webDir)) {
    if (/\.(html|css|mjs)$/.test(file)) await copyFile(path.join(webDir, file), path.join(staging, "studio", file));
}
for (const file of ["beztune.mjs", "beztune.wasm", "beztune.d.mts"]) await copyFile(path.join(wasmDir, file), path.join(staging, "studio", file));
await rm(out, { recursive: true, force: true });
await rename(staging, out);
console.log(`build-web: ${path.join(out, "index.html")} (${(single.length / 1048576).toFixed(2)} MB, ${modules.size} modules and beztune.wasm inline) and ${path.join(out, "studio")}/`);
