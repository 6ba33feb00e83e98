// Serves a folder (make studio: out/web) on 127.0.0.1 at a free port, which it prints; Ctrl-C
// stops it. Static files only, with the types browsers need for modules and WebAssembly.
//
//     node scripts/serve-web.mjs FOLDER [PORT]

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";

const [folder, portText = "0"] = process.argv.slice(2);
if (!folder || !/^\d+$/.test(portText) || Number(portText) > 65535) {
    console.error("usage: node scripts/serve-web.mjs FOLDER [PORT]");
    process.exit(2);
}
const root = path.resolve(folder);
const TYPES = { ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
                ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json",
                ".svg": "image/svg+xml", ".png": "image/png", ".ts": "text/plain; charset=utf-8", ".mts": "text/plain; charset=utf-8" };

const server = createServer(async (request, response) => {
    try {
        // Only this machine's names for the server (a page elsewhere that rebinds its own name
        // to 127.0.0.1 cannot read the files).
        const { port } = server.address();
        if (![`127.0.0.1:${port}`, `localhost:${port}`].includes(request.headers.host ?? "")) throw Object.assign(new Error("host"), { status: 403 });
        const url = new URL(request.url, "http://localhost");
        let name;
        try {
            name = decodeURIComponent(url.pathname);
        } catch {
            throw Object.assign(new Error("malformed"), { status: 400 });
        }
        let file = path.join(root, name);
        // Nothing outside the folder is served.
        if (file !== root && !file.startsWith(root + path.sep)) throw Object.assign(new Error("outside"), { status: 403 });
        if ((await stat(file)).isDirectory()) {
            if (!url.pathname.endsWith("/")) {
                // A folder's page finds its files relative to the folder: /studio → /studio/.
                response.writeHead(301, { Location: url.pathname + "/" + url.search });
                response.end();
                return;
            }
            file = path.join(file, "index.html");
        }
        const body = await readFile(file);
        response.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream", "Cache-Control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : body);
    } catch (error) {
        const status = error.status ?? (error.code === "ENOENT" || error.code === "ENOTDIR" ? 404 : 500);
        response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
        response.end(`${status}\n`);
    }
});
server.on("error", (error) => {
    console.error(`serve-web: cannot listen on 127.0.0.1:${portText}: ${error.message}`);
    process.exit(1);
});
server.listen(Number(portText), "127.0.0.1", () => {
    const { port } = server.address();
    console.log(`Studio: http://127.0.0.1:${port}/ (serving ${folder}; Ctrl-C stops)`);
});
process.on("SIGINT", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
