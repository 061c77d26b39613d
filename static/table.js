// A seat's page at a table, enhanced: moves are sent in the background and the play area the server answers is
// swapped in; the others' moves arrive by the table's live stream (or, without one, by asking every 2 s while the
// page is visible). The stream says only "the table is at version N"; the page then asks for its own play area,
// with its cookie. It holds no rule of the game: the server judges every move and says what happened.
(function () {
  "use strict";
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
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
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
        if (!swap(html, true)) throw new Error("no play area");
        if (again) { again = false; refresh(); }
      })
      .catch(function () {
        sending = false;
        // Send it as a plain form instead, with the button that was pressed.
        if (submitter && submitter.name) {
          var pressed = document.createElement("input");
          pressed.type = "hidden";
          pressed.name = submitter.name;
          pressed.value = submitter.value;
          form.appendChild(pressed);
        }
        HTMLFormElement.prototype.submit.call(form);
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
})();
