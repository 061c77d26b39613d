// Canasta Scorekeeper's service worker, written by hand (scorekeeper/offline.py says why).
//
// Static files: from the cache first (their addresses change with their content).
// Pages and the scoreboard's live part: from the network, a copy kept each time;
// without a connection, the last copy, marked (data-offline-copy on <html>) so that
// the page can say it is not current; a page never kept: the offline page.
// Hands typed offline are kept by the page (static/offline.js), not here.
// A new worker waits until the player takes the update (the page asks): no silent reloads.
"use strict";
var VERSION = "{{ version }}";  // release {{ release|tojson }}
var STATIC = "static", PAGES = "pages";
var SHELL = {{ shell|tojson }};
var OFFLINE_PAGE = {{ offline_url|tojson }};
var ROOT = {{ root|tojson }}, STATIC_PREFIX = {{ static_prefix|tojson }};
var KEPT_PAGES = 60, KEPT_STATIC = 80;
// Never from a copy: the API, the live poll, PDFs, edit links (their key is in the address).
var NETWORK_ONLY = /\/api\/|\/live\.json$|\.pdf$|\/join$|\/breakdown\//;
var FORGET = /\/games\/([^/]+)\/forget$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(SHELL.concat([OFFLINE_PAGE]));
  }));
});

self.addEventListener("activate", function (event) {
  // The first worker takes the open pages at once (nothing to reload); a later one
  // only activates once the player took it, and the page reloads then.
  event.waitUntil(Promise.all([prune(STATIC, KEPT_STATIC), self.clients.claim()]));
});

self.addEventListener("message", function (event) {
  if (event.data === "take-update") self.skipWaiting();
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf(ROOT) !== 0) return;
  if (request.method !== "GET") {
    var forgotten = FORGET.exec(url.pathname);
    if (forgotten && request.method === "POST") event.waitUntil(dropPagesOf(forgotten[1]));
    return;  // changes always go to the server (the page's outbox keeps hands sent offline)
  }
  if (url.pathname.indexOf(STATIC_PREFIX) === 0) return event.respondWith(staticFile(request));
  if (NETWORK_ONLY.test(url.pathname)) return;
  if (request.mode === "navigate" || /\/fragment$/.test(url.pathname)) event.respondWith(networkFirst(request));
});

function staticFile(request) {
  return caches.match(request, { ignoreVary: true }).then(function (kept) {
    return kept || fetch(request).then(function (response) {
      if (response.ok && new URL(request.url).searchParams.has("v")) {
        var copy = response.clone();
        caches.open(STATIC).then(function (cache) { return cache.put(request.url, copy); });
      }
      return response;
    });
  });
}

function keepable(response) {
  return response.ok && response.type === "basic" && !/no-store/.test(response.headers.get("Cache-Control") || "");
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    if (keepable(response)) {
      var copy = response.clone();
      caches.open(PAGES)
        .then(function (cache) { return cache.put(request.url, copy); })
        .then(function () { return prune(PAGES, KEPT_PAGES); });
    }
    return response;
  }, function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(request.url, { ignoreVary: true }).then(function (kept) {
        // ?hand=3 never kept: the board itself will do.
        return kept || cache.match(request.url, { ignoreVary: true, ignoreSearch: true });
      });
    }).then(function (kept) {
      if (kept) return request.mode === "navigate" ? marked(kept) : kept;
      if (request.mode === "navigate") return caches.match(OFFLINE_PAGE, { ignoreVary: true });
      return Response.error();
    });
  });
}

// A kept page, marked with the time the server sent it, so the page can say it is a copy.
function marked(response) {
  var sent = response.headers.get("Date") || "";
  return response.text().then(function (html) {
    var mark = ' data-offline-copy="' + (Date.parse(sent) || "") + '"';
    var headers = new Headers(response.headers);
    headers.delete("Content-Length");  // the mark makes it longer
    // Its messages ("Hand 4 saved.") were said once, when it was sent.
    html = html.replace(/<div class="flashes"[\s\S]*?<\/div>/, "");
    return new Response(html.replace(/<html\b/i, "<html" + mark), { status: 200, headers: headers });
  });
}

function prune(name, keep) {
  return caches.open(name).then(function (cache) {
    return cache.keys().then(function (keys) {
      // Keys come in the order they were first put: the oldest go first.
      return Promise.all(keys.slice(0, Math.max(0, keys.length - keep)).map(function (key) { return cache.delete(key); }));
    });
  });
}

// "Forget on this phone": its kept pages go too.
function dropPagesOf(gameId) {
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return new URL(key.url).pathname.indexOf("/games/" + gameId) !== -1;
      }).map(function (key) { return cache.delete(key); }));
    });
  });
}
