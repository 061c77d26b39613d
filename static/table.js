// The play pages, enhanced: a seat's page at a table, the practice page and the narrated deal. One script for them
// all, so that each page loads one. It holds no rule of the game: the server judges every move and says what happened.
//
// A seat's page: moves are sent in the background and the play area the server answers is swapped in; the others'
// moves arrive by the table's live stream (or, without one, by asking every 2 s while the page is visible). The
// stream says only "the table is at version N"; the page then asks for its own play area, with its cookie.
//
// The practice page: forms are sent in the background and the answer swapped in, the computers' moves are shown
// one at a time (the table in step), progress is kept in this browser if the player wants it.
(function () {
  "use strict";
  // The text of a fetch's answer; an error for any status but 2xx.
  function textOf(response) {
    if (!response.ok) throw new Error(String(response.status));
    return response.text();
  }

  // A form the background could not send goes as a plain form instead, with the button that was pressed.
  function sendPlain(form, submitter) {
    if (submitter && submitter.name) {
      var pressed = document.createElement("input");
      pressed.type = "hidden";
      pressed.name = submitter.name;
      pressed.value = submitter.value;
      form.appendChild(pressed);
    }
    HTMLFormElement.prototype.submit.call(form);
  }

  // --- a seat's page at a table ------------------------------------------------------------------------------
  function seatPage() {
    var POLL_MS = 2000; // unless the page says otherwise (data-poll: TABLES_POLL_MS)
    var RETRY_STREAM_MS = 30000;
    var HEADER = "X-Table-Fragment";
    var busy = false; // asking for the play area
    var sending = false; // a move on its way
    var again = false;
    var streaming = false;
    var source = null;
    var pollTimer = null;
    var streamTimer = null;

    function seat() { return document.getElementById("seat"); }
    function version() { var s = seat(); return s ? Number(s.dataset.version) : 0; }

    // --- swapping the play area --------------------------------------------------------------------------------
    // Focus stays where it was when that control is still there (the same card, the same button); the selection
    // stays when the hand is the same (another seat's move, or a refusal).
    function focusKey(element) {
      if (!element || !seat() || !seat().contains(element)) return null;
      if (element.id) return "#" + element.id;
      if (element.name && element.value) return '[name="' + element.name + '"][value="' + element.value + '"]';
      return null;
    }

    function swap(html, own) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var fresh = doc.getElementById("seat");
      var old = seat();
      if (!fresh || !old) return false;
      var before = Number(old.dataset.last || 0);
      var key = focusKey(document.activeElement);
      var picked = Array.prototype.map.call(old.querySelectorAll("input.pick:checked"), function (box) { return box.value; });
      var sameHand = handOf(old) === handOf(fresh);
      old.replaceWith(fresh);
      if (sameHand) reselect(picked);
      start(fresh);
      var message = fresh.querySelector("#table-message");
      var target = key && fresh.querySelector(key);
      if (own || message) {
        target = message || document.getElementById("next-step");
        target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      } else if (target) {
        target.focus({ preventScroll: true });
      }
      announce(fresh, before);
      return true;
    }

    function handOf(section) {
      return Array.prototype.map.call(section.querySelectorAll("input.pick"), function (box) { return box.value; }).join(" ");
    }

    function reselect(codes) {
      codes.forEach(function (code) {
        var box = Array.prototype.filter.call(seat().querySelectorAll("input.pick"), function (b) {
          return b.value === code && !b.checked;
        })[0];
        if (box) box.checked = true;
      });
    }

    // The others' new moves, said once by a screen reader (the polite live region outside the play area).
    function announce(section, before) {
      var news = document.getElementById("table-news");
      if (!news) return;
      var fresh = Array.prototype.filter.call(section.querySelectorAll("#moves-said li"), function (li) {
        return Number(li.dataset.n) > before && !li.dataset.mine;
      }).reverse().map(function (li) { return li.textContent; });
      if (fresh.length) news.textContent = fresh.join(" ");
    }

    // --- asking for the play area ---------------------------------------------------------------------------------
    function refresh() {
      var section = seat();
      if (!section) return;
      if (busy || sending) { again = true; return; }
      if (navigator.onLine === false) return; // offline: "online" asks again
      busy = true;
      var headers = {};
      headers[HEADER] = "1";
      fetch(section.dataset.fragment, { credentials: "same-origin", cache: "no-store", headers: headers })
        .then(textOf)
        .then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var fresh = doc.getElementById("seat");
          if (fresh && Number(fresh.dataset.version) > version()) swap(html, false);
        })
        .catch(function () { /* offline or the server away: the next poll, or coming back online, asks again */ })
        .then(function () {
          busy = false;
          if (again) { again = false; refresh(); }
        });
    }

    function poll() {
      clearTimeout(pollTimer);
      pollTimer = null;
      if (document.visibilityState !== "visible") return;
      // With the stream open, the page still asks now and then (data-heartbeat, a third of the away time):
      // its reads are what tell the table this phone is still here.
      var every = streaming ? Number(seat().dataset.heartbeat) : (Number(seat().dataset.poll) || POLL_MS);
      if (!every) return;
      pollTimer = setTimeout(function () { refresh(); poll(); }, every);
    }

    function listen() {
      clearTimeout(streamTimer);
      var section = seat();
      if (!window.EventSource || !section || !section.dataset.live || source) { poll(); return; }
      source = new EventSource(section.dataset.live);
      source.onopen = function () { streaming = true; refresh(); poll(); };
      source.onmessage = function (event) {
        var data = null;
        try { data = JSON.parse(event.data); } catch (e) { return; }
        // A hidden page does not ask: it asks at once when it is visible again (wake).
        if (data && typeof data.version === "number" && data.version > version() &&
            document.visibilityState === "visible") refresh();
      };
      source.onerror = function () {
        // Lost (the browser reconnects by itself) or refused (no stream served): poll meanwhile.
        streaming = false;
        if (source && source.readyState === EventSource.CLOSED) {
          source.close();
          source = null;
          streamTimer = setTimeout(listen, RETRY_STREAM_MS);
        }
        poll();
      };
      poll();
    }

    function wake() {
      refresh();
      if (!source) listen(); else poll();
    }

    // --- moves sent in the background --------------------------------------------------------------------------
    function send(form, submitter) {
      if (sending) return;
      sending = true;
      var data = new FormData(form);
      if (submitter && submitter.name) data.append(submitter.name, submitter.value);
      var headers = {};
      headers[HEADER] = "1";
      // form.getAttribute: the buttons are named "action", which hides the form's own .action.
      fetch(form.getAttribute("action"), { method: "POST", body: data, credentials: "same-origin", headers: headers })
        .then(function (response) {
          // 409: the table moved on; the answer is the play area as it stands, saying so.
          if (!response.ok && response.status !== 409) throw new Error(String(response.status));
          return response.text();
        })
        .then(function (html) {
          sending = false;
          if (!swap(html, true)) throw new Error("no-play-area");
          if (again) { again = false; refresh(); }
        })
        .catch(function () {
          sending = false;
          sendPlain(form, submitter);
        });
    }

    function start(section) {
      var form = section.querySelector("#play-form");
      if (form && form.tagName === "FORM") {
        form.addEventListener("submit", function (event) {
          event.preventDefault();
          send(form, event.submitter);
        });
      }
    }

    if (!seat()) return;
    start(seat());
    listen();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") wake(); else { clearTimeout(pollTimer); pollTimer = null; }
    });
    window.addEventListener("pageshow", function (event) { if (event.persisted) wake(); });
    window.addEventListener("online", wake);
  }

  // --- the practice page and the narrated deal ----------------------------------------------------------------
  function practicePage() {
    var PACE = 800; // ms between the other seats' moves
    var STORE = "canasta-practice-progress";
    var VISIT = "canasta-practice-visit";
    var FIELDS = ["deals", "wins", "canastas", "hints"];
    var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var busy = false;

    function read(storage, key) {
      try { return JSON.parse(storage.getItem(key)); } catch (e) { return null; }
    }
    function write(storage, key, value) {
      try { storage.setItem(key, JSON.stringify(value)); } catch (e) { /* storage full or off: nothing kept */ }
    }
    function zeros() { var z = {}; FIELDS.forEach(function (f) { z[f] = 0; }); return z; }

    // --- progress, in this browser only -------------------------------------------------------------
    function progress() {
      var section = document.getElementById("progress");
      if (!section) return;
      section.hidden = false;
      var box = document.getElementById("progress-on");
      var table = document.getElementById("progress-table");
      var reset = document.getElementById("progress-reset");
      var kept = read(localStorage, STORE);
      box.checked = !!kept;
      if (kept) count(kept);
      show();
      box.onchange = function () {
        if (box.checked) {
          kept = { all: zeros(), seen: {}, hints: {} };
          write(localStorage, STORE, kept);
          write(sessionStorage, VISIT, zeros());
          count(kept);
        } else {
          localStorage.removeItem(STORE);
          sessionStorage.removeItem(VISIT);
        }
        show();
      };
      reset.onclick = function () {
        var now = read(localStorage, STORE);
        if (!now) return;
        now.all = zeros();
        write(localStorage, STORE, now);
        write(sessionStorage, VISIT, zeros());
        show();
      };
      function show() {
        var on = !!read(localStorage, STORE);
        table.hidden = !on;
        reset.hidden = !on;
        if (!on) return;
        var all = read(localStorage, STORE).all;
        var visit = read(sessionStorage, VISIT) || zeros();
        FIELDS.forEach(function (f) {
          table.querySelector('[data-all="' + f + '"]').textContent = all[f];
          table.querySelector('[data-visit="' + f + '"]').textContent = visit[f];
        });
      }
      progress.show = show;
    }

    function count(kept) {
      var game = document.getElementById("practice");
      if (!kept || !game) return;
      var visit = read(sessionStorage, VISIT) || zeros();
      var id = game.dataset.practice;
      var add = zeros();
      if (game.dataset.over) {
        var key = id + ":" + game.dataset.deal;
        if (!kept.seen[key]) {
          kept.seen[key] = 1;
          add.deals = 1;
          add.wins = Number(game.dataset.won || 0);
          add.canastas = Number(game.dataset.canastas || 0);
        }
      }
      var hints = Number(game.dataset.hints || 0);
      if (kept.hints[id] === undefined) kept.hints[id] = hints;
      if (hints > kept.hints[id]) add.hints = hints - kept.hints[id];
      kept.hints[id] = Math.max(hints, kept.hints[id]);
      FIELDS.forEach(function (f) { kept.all[f] += add[f]; visit[f] += add[f]; });
      write(localStorage, STORE, kept);
      write(sessionStorage, VISIT, visit);
    }

    // --- the other seats' moves, one at a time, the table in step with them ----------------------------------
    // At every moment the table shows the position after the newest move the log shows: never a move it has not
    // told yet. The table of each earlier move comes from the server (the page's ?moves=K: the seat's own view).
    var timers = [];

    function stop() {
      timers.forEach(clearTimeout);
      timers = [];
    }

    // The entries an answer adds to the log, oldest first.
    function fresh(root, before) {
      return Array.prototype.slice.call(root.querySelectorAll("#log li")).filter(function (li) {
        return Number(li.dataset.n) > before;
      }).reverse();
    }

    // The parts of the page that a move changes while the player waits: the sides, the centre, the line at the top.
    function tableOf(root) {
      return {
        sides: root.querySelector("#play-form .sides").innerHTML,
        centre: root.querySelector("#play-form .centre").innerHTML,
        step: root.querySelector("#next-step").textContent,
      };
    }

    function showTable(state) {
      document.querySelector("#play-form .sides").innerHTML = state.sides;
      document.querySelector("#play-form .centre").innerHTML = state.centre;
      document.getElementById("next-step").textContent = state.step;
    }

    // Resolve with the table after each of the ``entries`` (the answer's own table for the last move).
    function tables(doc, entries) {
      var game = doc.getElementById("practice");
      var total = Number(game.dataset.moves);
      var last = tableOf(doc);
      var after = function (li) { return Number(li.dataset.move) + 1; };
      var earlier = {};
      entries.forEach(function (li) { if (after(li) < total) earlier[after(li)] = null; });
      return Promise.all(Object.keys(earlier).map(function (moves) {
        return fetch(game.dataset.table + "?moves=" + moves, { credentials: "same-origin" })
          .then(textOf)
          .then(function (html) { earlier[moves] = tableOf(new DOMParser().parseFromString(html, "text/html")); });
      })).then(function () {
        return entries.map(function (li) { return after(li) < total ? earlier[after(li)] : last; });
      });
    }

    // Show the ``entries`` one at a time, PACE apart, each with its table (``states``); a deal's end (its result and
    // the Next deal button) last.
    function narrate(entries, states) {
      var ended = [document.querySelector("#practice .result"), document.querySelector("#play-form .play-actions")];
      if (!ended[0]) ended = [];
      entries.forEach(function (li) { li.classList.add("revealing"); });
      ended.forEach(function (part) { part.hidden = true; });
      entries.forEach(function (li, index) {
        var show = function () {
          li.classList.remove("revealing");
          showTable(states[index]);
          if (index === entries.length - 1) ended.forEach(function (part) { part.hidden = false; });
        };
        if (index === 0) show();
        else timers.push(setTimeout(show, PACE * index));
      });
    }

    // --- forms sent in the background --------------------------------------------------------------------
    function send(form, submitter) {
      if (busy) return;
      busy = true;
      var data = new FormData(form);
      if (submitter && submitter.name) data.append(submitter.name, submitter.value);
      var game = document.getElementById("practice");
      var before = game ? Number(game.dataset.log || 0) : 0;
      // The cards selected: selected again when the server refused the move (the game did not move on) or gave
      // a hint (which changes nothing on the table either).
      var version = submitter && submitter.value === "hint" ? "hint" : game ? game.dataset.version : null;
      var picked = Array.prototype.map.call(form.querySelectorAll("input.pick:checked"), function (box) { return box.value; });
      stop();  // the moves still to be shown of the last answer: this one replaces them
      // form.getAttribute: the buttons are named "action", which hides the form's own .action.
      fetch(form.getAttribute("action"), { method: "POST", body: data, credentials: "same-origin" })
        .then(textOf)
        .then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var main = doc.getElementById("main");
          if (!main) throw new Error("no page");
          var entries = doc.getElementById("practice") && !reduced ? fresh(doc, before) : [];
          // The table of each move told: read before the page changes; none read, the page shows its end at once.
          var read = entries.length > 1 ? tables(doc, entries).catch(function () { return null; })
            : Promise.resolve(null);
          return read.then(function (states) { return [main, states]; });
        })
        .then(function (shown) {
          var main = shown[0], states = shown[1];
          document.getElementById("main").innerHTML = main.innerHTML;
          busy = false;
          start();
          reselect(version, picked);
          // The entries of the page now shown: the same as those read, in the same order.
          if (states) narrate(fresh(document, before), states);
          var line = document.getElementById("next-step");
          var flash = document.querySelector(".flashes");
          (flash || line || document.getElementById("main")).setAttribute("tabindex", "-1");
          (flash || line || document.getElementById("main")).focus({ preventScroll: !flash });
        })
        .catch(function () {
          busy = false;
          sendPlain(form, submitter);
        });
    }

    function reselect(version, picked) {
      var game = document.getElementById("practice");
      if (!game || !picked.length || (version !== "hint" && game.dataset.version !== version)) return;
      picked.forEach(function (code) {
        var box = Array.prototype.filter.call(document.querySelectorAll("#play-form input.pick"), function (b) {
          return b.value === code && !b.checked;
        })[0];
        if (box) box.checked = true;
      });
    }

    function start() {
      Array.prototype.forEach.call(document.querySelectorAll("#main form[method=post]"), function (form) {
        form.addEventListener("submit", function (event) {
          event.preventDefault();
          send(form, event.submitter);
        });
      });
      progress();
      var kept = read(localStorage, STORE);
      if (kept && progress.show) progress.show();
    }

    // --- the narrated deal: Play and Pause ---------------------------------------------------------------
    function watch() {
      var play = document.getElementById("watch-play");
      if (!play) return;
      var next = document.getElementById("watch-next");
      var playing = /[?&]play=1/.test(location.search) && next;
      play.hidden = false;
      play.textContent = playing ? "Pause" : "Play";
      play.setAttribute("aria-pressed", playing ? "true" : "false");
      var timer = playing ? setTimeout(function () { location.href = next.href + "&play=1"; }, reduced ? 600 : 1600) : null;
      play.onclick = function () {
        if (timer) {
          clearTimeout(timer);
          timer = null;
          play.textContent = "Play";
          play.setAttribute("aria-pressed", "false");
          history.replaceState(null, "", location.href.replace(/[?&]play=1/, ""));
        } else if (next) {
          location.href = next.href + "&play=1";
        }
      };
    }

    if (document.getElementById("practice") || document.getElementById("progress")) start();
    watch();
  }

  seatPage();
  practicePage();
})();
