/* Working without a connection: the outbox of hands, the offline banner, the update prompt.
 *
 * A hand saved on the add-hand form, or a hand's edit, goes into the outbox first
 * (localStorage, with the form's one-time token), then to the server (the form's side of
 * it is static/outbox-form.js, loaded by the hand pages only); it leaves the outbox only when the server
 * answered that it is stored (its redirect to the scoreboard). Without an answer it stays,
 * shown on the scoreboard as waiting (the list of kept hands and their choices is
 * static/outbox-list.js, loaded when there is one to show), and is sent again by itself: on reconnecting, on the
 * next page load, every little while, and on "Send now". The server stores a token's hand
 * once, however often it is sent. When the game moved on meanwhile (the server answers
 * 409), the player chooses: add it as the next hand (an edit: save it anyway), or drop it. Nothing leaves the outbox
 * otherwise. This works without a service worker too (plain HTTP), as long as a page of
 * the app is open; with one (sw.js), pages open offline from their last copy.
 *
 * It renders and sends; it never decides a rule or a score (the server does).
 */
(function () {
  "use strict";
  if (window.offlineHelp) return;  // loaded twice (board.js and a page's own tag)
  window.offlineHelp = true;

  var KEY = "outbox";
  var root = document.documentElement;
  var main = document.getElementById("main") || document.body;
  var board = document.getElementById("board");
  var form = document.querySelector("form.hand-form");
  var match = /\/games\/([^/]+)/.exec(location.pathname);
  var gameId = match ? match[1] : null;
  var boardPath = match ? location.pathname.slice(0, match.index + match[0].length) : null;
  var adding = !!form && /\/hands\/new$/.test(location.pathname);
  var sw = navigator.serviceWorker;
  var online = navigator.onLine !== false;
  var queue = Promise.resolve(), flushWaiting = false, retryMs = 5000, timer = null, updateReady = null, shownAt = null;
  var ui = document.createElement("div");
  ui.className = "offline-ui";
  ui.setAttribute("data-offline-ui", "");

  // --- the outbox: a list in localStorage, one entry per one-time token ---------------------

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; }
  }
  function store(list) {
    try { localStorage.setItem(KEY, JSON.stringify(list)); return true; } catch (e) { return false; }
  }
  function put(entry) {
    var list = load().filter(function (other) { return other.token !== entry.token; });
    list.push(entry);
    return store(list);
  }
  // A later word on an entry (no answer, a conflict): only while it is still kept. One the
  // player dropped, or another tab sent, meanwhile does not come back.
  function update(entry) {
    var list = load(), at = -1;
    list.forEach(function (other, index) { if (other.token === entry.token) at = index; });
    if (at === -1) return false;
    list[at] = entry;
    return store(list);
  }
  function drop(token) { store(load().filter(function (entry) { return entry.token !== token; })); }
  function mine() {
    return load().filter(function (entry) { return !gameId || entry.game === gameId; })
      .sort(function (a, b) { return a.at - b.at; });
  }

  // --- words -------------------------------------------------------------------------------

  // The words it shows come from the server, in the reader's language: the page's #words (templates/_macros.html).
  // The scoreboards have none (their weight): the copy last read is kept here, and the offline page
  // (kept by the worker, in the language last read) has it too.
  var WORDS = "words:" + root.getAttribute("lang"), words = {}, wordsReady = readWords(document);
  function readWords(page) {
    var blob = page.getElementById("words");
    try {
      if (blob) {
        words = JSON.parse(blob.textContent);
        var key = "words:" + page.documentElement.getAttribute("lang");  // the offline page's may be another's
        if (localStorage.getItem(key) !== blob.textContent) localStorage.setItem(key, blob.textContent);
        return true;
      }
      words = JSON.parse(localStorage.getItem(WORDS)) || {};
    } catch (e) { /* none kept yet */ }
    return !!words.tryAgain;
  }
  var fetchingWords = null;
  function fetchWords() {  // shows nothing until they are there (no words of its own to fall back on)
    var url = (root.dataset.sw || "").replace(/sw\.js$/, "offline");
    if (!url) return null;
    if (fetchingWords) return fetchingWords;
    var kept = window.caches ? caches.match(url, { ignoreVary: true }).catch(function () {}) : Promise.resolve();
    return (fetchingWords = kept.then(function (response) {
      return response || fetch(url);
    }).then(function (response) { return response.text(); }).then(function (html) {
      wordsReady = readWords(pageOf(html));
      fetchingWords = null;
      if (wordsReady) render();
    }, function () { fetchingWords = null; }));
  }
  // A sentence with its {names} filled in; a pair [one, other] is chosen by ``n`` first.
  function say(key, values, n) {
    var text = words[key] || "";
    if (typeof text !== "string") text = text[n === 1 ? 0 : 1] || "";
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return values && name in values ? values[name] : all;
    });
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clock(time) {
    var at = new Date(time), today = new Date();
    var hm = pad(at.getHours()) + ":" + pad(at.getMinutes());
    if (at.toDateString() === today.toDateString()) return hm;
    return at.getDate() + " " + at.toLocaleString(root.getAttribute("lang") || undefined, { month: "short" }) + ", " + hm;
  }
  function hands(n) { return say("hands", { n: n }, n); }
  // What waits in the outbox, in words: new hands and changes to hands counted apart.
  function waitingWords(entries) {
    var changes = entries.filter(function (entry) { return entry.kind === "edit"; }).length;
    var added = entries.length - changes;
    var changed = changes ? say("changes", { n: changes }, changes) : "";
    if (!added) return changed;
    return changes ? say("both", { hands: hands(added), changes: changed }) : hands(added);
  }
  function textOf(el) { return el ? (el.innerText || el.textContent || "").replace(/\s+/g, " ").trim() : ""; }

  function button(label, action, kind) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (kind) b.className = kind;
    b.addEventListener("click", action);
    return b;
  }

  function link(label, href) {
    var a = document.createElement("a");
    a.className = "button";
    a.href = href;
    a.textContent = label;
    return a;
  }

  function tokenOf(form) {
    var token = form.querySelector("input[name=token]");
    return token ? token.value : "";
  }

  // --- sending -------------------------------------------------------------------------------

  function body(fields, changes) {
    var params = new URLSearchParams();
    fields.forEach(function (pair) {
      if (!(pair[0] in (changes || {}))) params.append(pair[0], pair[1]);
    });
    Object.keys(changes || {}).forEach(function (name) { params.append(name, changes[name]); });
    return params;
  }

  function pageOf(html) { return new DOMParser().parseFromString(html, "text/html"); }

  // Send one entry; resolve to "sent", "conflict", "refused" or "waiting" (no answer: kept).
  function send(entry, changes) {
    return fetch(entry.url, {
      method: "POST", body: body(entry.fields, changes), credentials: "same-origin",
      redirect: "manual", cache: "no-store"
    }).then(function (response) {
      online = true;
      // The scoreboard's redirect: stored now, or stored before under this token.
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        drop(entry.token);
        return "sent";
      }
      if (response.status >= 500 || response.status === 429) {
        entry.note = say(response.status === 503 ? "busy503" : "busy");
        update(entry);
        return "waiting";
      }
      return response.text().then(function (html) {
        var page = pageOf(html);
        var heading = textOf(page.querySelector("h1"));
        var version = page.querySelector("input[name=expected_version]");
        var next = /(\d+)/.exec(heading);
        if (response.status === 409 && version) {
          entry.state = "conflict";
          entry.now = version.value;
          entry.next = next ? Number(next[1]) : null;
          update(entry);
          return "conflict";
        }
        var errors = [];
        page.querySelectorAll(".error, .flash-error, .lead").forEach(function (el) {
          var text = textOf(el);
          if (text && errors.indexOf(text) === -1) errors.push(text);
        });
        entry.state = "refused";
        entry.note = errors.slice(0, 3).join(" ") || heading || say("answered", { status: response.status });
        update(entry);
        return "refused";
      });
    }, function () {
      online = false;
      entry.note = "";
      update(entry);
      return "waiting";
    });
  }

  // Send what waits, oldest first; ``all``: also ask again about those waiting for a choice
  // (sent as they were, so nothing is added without the player: the server only says whether
  // it stored them meanwhile).
  function flush(all) {
    if (flushWaiting) return queue;
    flushWaiting = true;
    return serial(function () {
      flushWaiting = false;
      var entries = mine().filter(function (entry) { return all || !entry.state || entry.state === "waiting"; });
      if (!entries.length) { render(); return null; }
      var results = [];
      return entries.reduce(function (chain, entry) {
        return chain.then(function () {
          return send(entry).then(function (result) { results.push({ entry: entry, result: result }); });
        });
      }, Promise.resolve()).then(function () {
        afterSending(results);
        return results;
      });
    });
  }

  // One sending at a time, in turn: a choice made while the outbox is being sent waits for it.
  function serial(task) {
    var run = queue.then(task);
    queue = run.catch(function () {});
    return run;
  }

  function afterSending(results) {
    var sent = results.filter(function (r) { return r.result === "sent"; });
    var waiting = results.filter(function (r) { return r.result === "waiting"; });
    if (sent.length && !form) return location.reload();  // the board (or the list) shows the stored hands
    if (form && sent.some(function (r) { return r.entry.token === tokenOf(form); })) {
      return location.assign(boardPath);
    }
    render();
    schedule(waiting.length ? retryMs : 0);
    if (waiting.length) retryMs = Math.min(retryMs * 2, 60000);
  }

  function schedule(ms) {
    clearTimeout(timer);
    if (ms) timer = setTimeout(function () { flush(false); }, ms);
  }

  // --- what the hand form's part (outbox-form.js) and the list's (outbox-list.js) share ----------

  var shared = window.offlineOutbox = {
    put: put, drop: drop, send: send, flush: flush, schedule: schedule, clock: clock, textOf: textOf,
    button: button, link: link, tokenOf: tokenOf, body: body, hands: hands, say: say,
    gameId: gameId, boardPath: boardPath, adding: adding,
    online: function () { return online; }, retryMs: function () { return retryMs; },
    render: render, choose: choose,
    list: null  // outbox-list.js: the section of the hands kept on this phone, once it is loaded
  };

  // --- the page: the offline banner, the update prompt, the kept hands (outbox-list.js) ----------

  // The time the shown copy was sent by the server (the worker marks pages it gives from its cache).
  function asOf() {
    return shownAt || Number(root.getAttribute("data-offline-copy")) || null;
  }

  // The list of kept hands comes from outbox-list.js, loaded the first time a page has one to
  // show: most pages, most of the time, have an empty outbox and spend no request on it.
  var listing = null;
  function loadList() {
    var src = (root.dataset.offline || "").split(" ")[1];
    if (listing || !src) return;
    listing = document.head.appendChild(document.createElement("script"));
    listing.src = src;  // it calls render() once it is there
  }

  // A choice on a kept hand (outbox-list.js): sent in turn, if it is still kept.
  function choose(entry, changes) {
    serial(function () {
      var kept = mine().filter(function (other) { return other.token === entry.token; })[0];
      if (!kept) return render();  // sent or dropped meanwhile (another tab)
      return send(kept, changes).then(function (result) { afterSending([{ entry: kept, result: result }]); });
    });
  }

  function render() {
    if (!wordsReady) return fetchWords();
    ui.innerHTML = "";
    var entries = mine();
    var waiting = entries.filter(function (entry) { return !entry.state || entry.state === "waiting"; });
    if (!online && (board || !form)) {
      var banner = ui.appendChild(document.createElement("div"));
      banner.className = "offline-banner";
      banner.setAttribute("role", "status");
      var text = banner.appendChild(document.createElement("p"));
      var when = asOf();
      var offline = board ? (when ? say("offlineAsOf", { time: clock(when) }) : say("offlineLastVisit")) : say("offlineCopy");
      text.textContent = waiting.length ? say("offlineWaiting", { offline: offline, waiting: waitingWords(waiting) }) : offline;
      if (waiting.length) banner.appendChild(button(say("tryAgain"), function () { flush(false); }));
    }
    if (updateReady && !form) {
      var update = ui.appendChild(document.createElement("div"));
      update.className = "update-prompt";
      update.setAttribute("role", "status");
      update.appendChild(document.createElement("p")).textContent = say("newVersion");
      update.appendChild(button(say("updateNow"), takeUpdate, "primary"));
    }
    if (entries.length && !form) {
      if (shared.list) ui.appendChild(shared.list(entries, waiting.length && online));
      else loadList();
    }
    if (ui.childNodes.length && !ui.parentNode) main.insertBefore(ui, main.firstChild);
    if (!ui.childNodes.length && ui.parentNode) ui.remove();
  }

  // Offline, the board's live part kept by the service worker may be newer than this page's copy.
  function newestBoard() {
    var fragmentUrl = board.getAttribute("data-fragment"), shown = board.querySelector(".board-content");
    var sent = null;
    return fetch(fragmentUrl).then(function (response) {
      sent = Date.parse(response.headers.get("Date") || "");
      return response.ok ? response.text() : null;
    }).then(function (html) {
      if (!html || !shown) return;
      var kept = pageOf(html).querySelector(".board-content");
      if (kept && Number(kept.getAttribute("data-version")) > Number(shown.getAttribute("data-version"))) {
        board.innerHTML = html;
        shownAt = sent || null;
      }
    }, function () {});
  }

  // Is the server there? (The board's live poll; pages without one find out by sending.)
  function probe() {
    if (!board) return Promise.resolve(online = navigator.onLine !== false);
    return fetch(board.getAttribute("data-live"), { cache: "no-store" }).then(function (response) {
      online = response.status < 500;
      return online;
    }, function () { online = false; return false; });
  }

  function watch() {
    probe().then(function (up) {
      if (!up && board && root.hasAttribute("data-offline-copy")) newestBoard().then(render);
      render();
      if (up) return flush(true);
      clearTimeout(timer);
      timer = setTimeout(watch, retryMs);
      retryMs = Math.min(retryMs * 2, 30000);
    });
  }

  // --- the service worker and its updates --------------------------------------------------------

  function takeUpdate() {
    if (!updateReady) return;
    sw.addEventListener("controllerchange", function () { location.reload(); });
    updateReady.postMessage("take-update");
  }

  function register() {
    if (!sw || !root.dataset.sw) return;
    sw.register(root.dataset.sw).then(function (reg) {
      if (!reg) return;
      function waiting() {
        if (reg.waiting && sw.controller) { updateReady = reg.waiting; render(); }
      }
      function installing(coming) {
        if (coming) coming.addEventListener("statechange", function () { if (coming.state === "installed") waiting(); });
      }
      waiting();
      installing(reg.installing);  // found before this script came (the board loads it when an update starts)
      reg.addEventListener("updatefound", function () { installing(reg.installing); });
    }, function () { /* no worker (plain HTTP): the outbox still works in the page */ });
  }

  // The worker keeps the offline page as it was fetched when it installed, in that day's language. A page read in
  // another language (the switcher, or the phone's) fetches it again into the worker's cache ("static", as sw.js
  // names it), with this phone's language: without a connection it then says so in the language last read.
  function offlinePageInThisLanguage() {
    // Both at the root of the app (web/offline.py): /sw.js, /offline.
    var url = (root.dataset.sw || "").replace(/sw\.js$/, "offline"), lang = root.getAttribute("lang");
    if (!root.dataset.sw || !window.caches || !sw || !sw.controller || !online || root.hasAttribute("data-offline-copy")) return;
    caches.open("static").then(function (cache) {
      return cache.match(url, { ignoreVary: true }).then(function (kept) {
        return kept ? kept.text() : "";
      }).then(function (html) {
        var keptLang = (/<html lang="([^"]*)"/.exec(html) || [])[1];
        if (keptLang !== lang) return cache.add(url);
      });
    }).catch(function () { /* kept as it was: the next page tries again */ });
  }

  // --- start --------------------------------------------------------------------------------------

  register();
  offlinePageInThisLanguage();
  window.addEventListener("offline", function () { online = false; render(); });
  window.addEventListener("online", function () { retryMs = 5000; watch(); });
  window.addEventListener("storage", function (event) { if (event.key === KEY) render(); });
  if (form) {
    if (mine().some(function (entry) { return entry.token !== tokenOf(form); })) flush(false);
  } else {
    watch();
  }
})();
