/* The outbox's list on a page (static/offline.js): the hands kept on this phone, each with
 * what was typed and, when the server did not take it, the player's choices: add it as the
 * next hand or save an edit anyway (the game moved on meanwhile), open it in the form (the
 * server refused it), or drop it.
 *
 * offline.js loads it the first time a page without a hand form has a kept hand to show (it
 * is in the service worker's shell, so it is there offline too), so that a page with an empty
 * outbox, nearly every page, spends no request on it. It renders and sends; it never decides
 * a rule or a score.
 */
(function () {
  "use strict";
  var outbox = window.offlineOutbox;
  if (!outbox || outbox.list) return;
  var board = document.getElementById("board");
  var button = outbox.button, link = outbox.link, clock = outbox.clock, hands = outbox.hands;
  var drop = outbox.drop, choose = outbox.choose, render = outbox.render, body = outbox.body;

  function entryCard(entry) {
    var card = document.createElement("li");
    card.className = "outbox-entry card";
    var title = card.appendChild(document.createElement("p"));
    title.className = "outbox-title";
    var editing = entry.kind === "edit";
    var typed = (editing ? "The change to hand " : "Hand ") + (entry.number || "") + ", typed at " + clock(entry.at);
    var buttons = [];
    if (entry.state === "conflict" && editing) {
      // An edit the game changed under: saved only if the player says so, over what is there now.
      title.textContent = typed + ", was not saved: the game changed meanwhile. Check the scoreboard first.";
      buttons.push(button("Save it anyway", function () { choose(entry, { expected_version: entry.now }); }, "primary"));
      buttons.push(button("Drop it", function () { drop(entry.token); render(); }, "danger"));
    } else if (entry.state === "conflict") {
      title.textContent = typed + ", was not added: the game moved on meanwhile" +
        (entry.next ? " (it has " + hands(entry.next - 1) + " now)." : ".");
      var next = entry.next ? "hand " + entry.next : "the next hand";
      buttons.push(button("Add it as " + next, function () { choose(entry, { expected_version: entry.now }); }, "primary"));
      buttons.push(button("Drop it", function () { drop(entry.token); render(); }, "danger"));
    } else if (entry.state === "refused") {
      title.textContent = typed + ", was not saved: " + (entry.note || "the server refused it.");
      buttons.push(button("Open it in the form", function () { openInForm(entry); }, "primary"));
      buttons.push(button("Drop it", function () { drop(entry.token); render(); }, "danger"));
    } else {
      title.textContent = typed + ": waiting to be sent." + (entry.note ? " " + entry.note : "");
    }
    var list = card.appendChild(document.createElement("ul"));
    list.className = "outbox-typed";
    (entry.lines || []).forEach(function (line) { list.appendChild(document.createElement("li")).textContent = line; });
    if (!board && entry.board) buttons.push(link("Open its scoreboard", entry.board));
    if (buttons.length) {
      var row = card.appendChild(document.createElement("p"));
      row.className = "actions";
      buttons.forEach(function (b) { row.appendChild(b); });
    }
    return card;
  }

  // The server's own form, filled in with what was typed (checked, not saved).
  function openInForm(entry) {
    var post = document.createElement("form");
    post.method = "post";
    post.action = entry.url;
    post.hidden = true;
    body(entry.fields, { action: "check", expected_version: entry.now || "" }).forEach(function (value, name) {
      var input = post.appendChild(document.createElement("input"));
      input.type = "hidden";
      input.name = name;
      input.value = value;
    });
    document.body.appendChild(post);
    post.submit();
  }

  // The section "Kept on this phone", in the order the hands were typed; ``sendable``: some
  // wait to be sent and the server is there (a "Send now" button).
  outbox.list = function (entries, sendable) {
    var section = document.createElement("section");
    section.className = "outbox";
    section.setAttribute("aria-labelledby", "outbox-heading");
    var heading = section.appendChild(document.createElement("h2"));
    heading.id = "outbox-heading";
    heading.textContent = "Kept on this phone";
    var list = section.appendChild(document.createElement("ul"));
    list.className = "outbox-list";
    entries.forEach(function (entry) { list.appendChild(entryCard(entry)); });
    if (sendable) section.appendChild(button("Send now", function () { outbox.flush(false); }, "primary"));
    return section;
  };
  render();
})();
