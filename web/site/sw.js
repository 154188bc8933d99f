// The playground offline: a service worker that keeps the page, its scripts, the
// WebAssembly module and the bundled variants in a cache, so that a page loaded once opens
// again without the server.
// web/build writes the build's hash into VERSION: a new build is a new worker, which fills a
// new cache and drops the old one (a reload then runs the new build).

const VERSION = "development";
const CACHE = `rulebook-${VERSION}`;
const FILES = ["./", "index.html", "style.css", "app.js", "board.js", "engine.js", "rulebook.wasm", "variants.txt"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith("rulebook-") && k !== CACHE).map((k) => caches.delete(k)),
      ))
      .then(() => self.clients.claim()),
  );
});

// The cache first (it holds exactly this build's files), then the network for anything else.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(event.request)),
  );
});
