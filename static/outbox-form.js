/* The hand form's side of the outbox (static/offline.js): a hand saved on the add-hand
 * form, or a hand's edit, goes into the outbox with the form's one-time token before it is
 * sent. Sent and stored: on to the scoreboard. No answer: it stays kept on this phone, the
 * form says so, and offline.js sends it again by itself. The server answered with the form
 * (a conflict, a problem): the form is sent as it would be without JavaScript, so the page
 * shows the server's own answer with what was typed.
 *
 * Loaded by the hand pages only (after offline.js, before hand.js), so that the pages that
 * have no hand form, the practice page among them, spend no request on it. It renders and
 * sends; it never decides a rule or a score.
 */
(function () {
  "use strict";
  var outbox = window.offlineOutbox;
  var form = document.querySelector("form.hand-form");
  if (!outbox || !form || form.dataset.outboxForm) return;
  form.dataset.outboxForm = "yes";
  var root = document.documentElement;
  var textOf = outbox.textOf, button = outbox.button, link = outbox.link, tokenOf = outbox.tokenOf;
  var adding = outbox.adding, boardPath = outbox.boardPath, say = outbox.say;  // say: the server's words (offline.js)

  function fragment(text, buttons) {
    var wrap = document.createElement("div"), p = wrap.appendChild(document.createElement("p"));
    p.textContent = text;
    if (buttons && buttons.length) {
      var row = wrap.appendChild(document.createElement("p"));
      row.className = "actions";
      buttons.forEach(function (b) { row.appendChild(b); });
    }
    return wrap;
  }

  // What was typed, in the form's own words: "Ann & Bob: Melded points 120 · Red 3s 1".
  function typedLines() {
    var lines = [];
    form.querySelectorAll("fieldset.choice-group").forEach(function (group) {
      var chosen = group.querySelector("input:checked");
      if (chosen && !group.closest("[hidden]")) lines.push(textOf(group.querySelector("legend")) + " " + textOf(chosen.closest("label")));
    });
    form.querySelectorAll("fieldset.hand-side").forEach(function (side) {
      if (side.closest("[hidden]")) return;
      var parts = [];
      side.querySelectorAll("input").forEach(function (input) {
        if (input.type === "hidden" || input.closest("[hidden]") || input.closest(".mode-switch")) return;
        var label = textOf(input.labels && input.labels[0]) || input.name;
        var chips = input.closest(".chips-field");  // a count as a row of numbered chips: "Red 3s 2"
        if (chips) {
          if (input.checked && input.value !== "0") parts.push(textOf(chips.querySelector("legend")) + " " + input.value);
        } else if (input.type === "checkbox" || input.type === "radio") {
          if (input.checked) parts.push(label);
        } else if (input.value.trim() && input.value.trim() !== "0") {
          parts.push(label + " " + input.value.trim());
        }
      });
      lines.push(textOf(side.querySelector("legend")) + ": " + (parts.join(" · ") || say("nothingEntered")));
    });
    return lines;
  }

  function freshToken() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function formStatus(html, role) {
    var box = form.parentNode.querySelector(".offline-kept") || document.createElement("div");
    box.className = "offline-kept card";
    box.setAttribute("role", role || "status");
    box.setAttribute("data-offline-ui", "");
    box.innerHTML = "";
    box.appendChild(html);
    if (!box.parentNode) form.parentNode.insertBefore(box, form);
    return box;
  }

  // A form with no token of its own (a page of an older release): one made here, sent with it.
  function ensureToken() {
    var token = form.querySelector("input[name=token]");
    if (!token) {
      token = form.appendChild(document.createElement("input"));
      token.type = "hidden";
      token.name = "token";
    }
    if (!token.value) token.value = freshToken();
    return token;
  }

  function setup() {
    var token = ensureToken();
    if (root.hasAttribute("data-offline-copy")) {
      // A copy kept by the service worker: its one-time token may be spent already.
      token.value = freshToken();
      var kept = Number(root.getAttribute("data-offline-copy"));
      formStatus(fragment((kept ? say("formCopyAt", { time: outbox.clock(kept) }) : say("formCopy")) + " " +
        say(adding ? "laterAdd" : "laterEdit")));
    }
    // The conflict page's "Drop it": the player said so, the outbox lets go of it too.
    document.querySelectorAll("a[data-outbox-drop]").forEach(function (a) {
      a.addEventListener("click", function () { outbox.drop(tokenOf(form)); });
    });
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (event.defaultPrevented || !submitter || submitter.value !== "save" || !window.fetch) return;
      event.preventDefault();
      if (form.dataset.outbox) return;  // a second tap while the first is on its way
      form.dataset.outbox = "sending";
      setTimeout(function () { delete form.dataset.outbox; }, 4000);
      var fields = [];
      new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
      fields.push(["action", "save"]);
      save(fields);
    });
  }

  function save(fields) {
    var number = /(\d+)/.exec(textOf(document.querySelector("h1")));
    var entry = {
      token: tokenOf(form), game: outbox.gameId, board: boardPath, url: location.pathname, fields: fields,
      number: number ? Number(number[1]) : null, at: Date.now(), lines: typedLines(), state: "waiting",
      kind: adding ? "add" : "edit"
    };
    outbox.put(entry);
    outbox.send(entry).then(function (result) {
      if (result === "sent") return location.assign(boardPath);
      if (result === "waiting") {
        var kept = say(adding ? "keptAdd" : "keptEdit", { number: entry.number || "" }) + " " + say("nothingLost");
        var why = outbox.online() ? "notSaved" : navigator.onLine === false ? "noConnection" : "unreachable";
        formStatus(fragment(say(why, { kept: kept }),
          [button(say("sendNow"), function () { outbox.flush(false); }, "primary"), link(say("backToBoard"), boardPath)]));
        form.parentNode.querySelector(".offline-kept").scrollIntoView({ block: "start" });
        outbox.schedule(outbox.retryMs());
        return;
      }
      // The server answered with the form (a conflict, a problem): show it as it answers without JavaScript.
      // It stays in the outbox (refused or in conflict) until saved or dropped from there or here.
      form.submit();
    });
  }

  setup();
})();
