// The board follows the game: poll its version every 3 s (a 304 costs nothing), swap
// in the server's HTML on a change. Only HTML moves here: the server does the numbers.
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board || !window.fetch) return;
  var POLL_MS = 3000, MAX_WAIT_MS = 30000;
  var liveUrl = board.dataset.live;
  var fragmentUrl = board.dataset.fragment;
  var handUrl = board.dataset.hand;
  var editable = /[?&]edit=1/.test(fragmentUrl);
  var HAND = "table.hands th > a";
  var liveText = document.getElementById("live-text");
  var announcer = document.getElementById("announce");
  var content = board.querySelector(".board-content");
  var version = content && content.dataset.version;
  var etag = version ? '"v' + version + '"' : null;
  var said = (liveText ? liveText.dataset.said : "").split("|"), wait = POLL_MS, timer = null, busy = false, askAgain = false;
  var ask = { cache: "no-store" };
  // offline.js (outbox, offline banner, update prompt) loads only when it has work.
  var html = document.documentElement.dataset, sw = navigator.serviceWorker, helping;
  function offline() {
    if (!helping) (helping = document.head.appendChild(document.createElement("script"))).src = html.offline.split(" ")[0];
  }

  function say(text) { if (liveText) liveText.textContent = text; }

  function schedule(ms) {
    clearTimeout(timer);
    timer = document.hidden ? null : setTimeout(poll, ms);
  }

  function text(response) {
    if (!response.ok) throw new Error(response.url + " " + response.status);
    return response.text();
  }

  function swap(html) {
    var open = [];
    board.querySelectorAll(HAND + '[aria-expanded="true"]').forEach(function (a) { open.push(a.textContent); });
    board.innerHTML = html;
    collapsed();
    open.forEach(function (number) {
      var row = document.getElementById("hand-" + number);
      if (row) showHand(row.querySelector(HAND));
    });
    var fresh = board.querySelector(".board-content");
    if (fresh) {
      version = fresh.dataset.version;
      if (announcer) announcer.textContent = fresh.dataset.announce;
    }
  }

  // A hand's number opens its breakdown in place: say it is closed.
  function collapsed() {
    board.querySelectorAll(HAND + ":not([aria-expanded])").forEach(function (a) { a.setAttribute("aria-expanded", "false"); });
  }

  // The hand's breakdown, from the server, in a row under it.
  function showHand(link) {
    var row = link.closest("tr");
    var more = document.createElement("tr");
    var cell = more.insertCell();
    more.className = "hand-more";
    cell.colSpan = row.cells.length;
    cell.textContent = "…";
    row.after(more);
    link.setAttribute("aria-expanded", "true");
    var page = handUrl + link.textContent;
    fetch(page + "?partial=1" + (editable ? "&edit=1" : ""), ask)
      .then(text)
      .then(function (html) { cell.innerHTML = html; })
      .catch(function () {  // offline: its page will do
        cell.textContent = "";
        var a = cell.appendChild(document.createElement("a"));
        a.href = page;
        a.textContent = (said[3] || "").replace("{n}", link.textContent);
      });
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(liveUrl, { headers: etag ? { "If-None-Match": etag } : {}, cache: "no-store" })
      .then(function (response) {
        if (response.status === 304) return null;
        if (response.status === 404) throw new Error("gone");
        if (!response.ok) throw new Error("live " + response.status);
        etag = response.headers.get("ETag") || etag;
        return response.json();
      })
      .then(function (data) {
        if (data && String(data.version) !== String(version)) return fetch(fragmentUrl, ask).then(text).then(swap);
      })
      .then(function () {
        wait = POLL_MS;
        say(said[0]);
        schedule(wait);
      }, function (error) {
        if (error.message === "gone") return say(said[2]);
        etag = null;  // a kept ETag may hide a board never fetched
        wait = Math.min(wait * 2, MAX_WAIT_MS);  // offline, or the server restarting
        say(said[1]);
        offline();
        schedule(wait);
      })
      .then(function () {
        busy = false;
        if (askAgain) { askAgain = false; schedule(0); }
      });
  }

  board.addEventListener("click", function (event) {
    var link = event.target.closest(HAND);
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    var next = link.closest("tr").nextElementSibling;
    if (next && next.className === "hand-more") {
      next.remove();
      link.setAttribute("aria-expanded", "false");
    } else {
      showHand(link);
    }
  });

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) return clearTimeout(timer);
    wait = POLL_MS;
    poll();
  });

  addEventListener("offline", offline);
  addEventListener("online", function () {  // ask now, not after the grown wait; soon again if that fails
    wait = POLL_MS / 4;
    if (busy) askAgain = true; else poll();  // (an ask under way may still fail)
  });
  try { if (!navigator.onLine || "offlineCopy" in html || /"token"/.test(localStorage.outbox)) offline(); } catch (e) {}
  if (sw && html.sw) sw.register(html.sw).then(function (reg) {
    if (reg && sw.controller) { if (reg.waiting) offline(); reg.onupdatefound = offline; }
  }, function () {});
  collapsed();
  say(said[0]);
  schedule(POLL_MS);
})();
